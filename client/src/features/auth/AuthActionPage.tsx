import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authActionTarget } from './authAction.js';

/** /auth/action: a blank page that forwards an emailed link by its mode (spec 000 §2). */
export function AuthActionPage(): ReactNode {
  const { search } = useLocation();
  const target = authActionTarget(search);
  if (target) return <Navigate to={target} replace />;
  return <Text role="alert">NO SUCH ACTION</Text>;
}
