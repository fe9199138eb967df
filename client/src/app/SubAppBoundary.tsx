import { Alert } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SHELL_TEXTS } from '@vigil/shared';

interface SubAppBoundaryProps {
  children: ReactNode;
}

/**
 * Shows the sub-app failure text of spec 000 §2 when a sub-app cannot load, and logs
 * 'Failed to load sub-apps' (spec 000 §8).
 */
export class SubAppBoundary extends Component<SubAppBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(SHELL_TEXTS.subAppFailedLog, error, info.componentStack);
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
