import { Alert } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SHELL_TEXTS } from '@vigil/shared';
import { logBeacon } from '../data/logBeacons.js';

interface SubAppBoundaryProps {
  children: ReactNode;
}

/**
 * Shows the sub-app failure text of spec 000 §2 when a sub-app cannot load, and logs
 * 'Failed to load sub-apps' (spec 000 §8), and sends a fatal log beacon (spec 000 §7).
 */
export class SubAppBoundary extends Component<SubAppBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(SHELL_TEXTS.subAppFailedLog, error, info.componentStack);
    // The screen is lost: a fatal (60) beacon, with the error's class and place only (CL1).
    logBeacon('fatal', 'render', error);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <Alert color="red" m="md" role="alert" title="Could not load">
          {SHELL_TEXTS.subAppFailed}
        </Alert>
      );
    }
    return this.props.children;
  }
}
