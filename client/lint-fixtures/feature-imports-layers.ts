// Linted as client/src/features/<area>/…: a feature importing the layers it may use.
import { useSession } from '../../session/SessionProvider.js';
import { Page } from '../../ui/Page.js';
import { caseOfPath } from '../../sync/casePath.js';
import { graphql } from '../../data/graphql.js';
import { useCaseValue } from '../../case/index.js';
import { newCaseDoc } from '../../case/testing.js';
import { recordMonitorReading } from '../../devices/monitor.js';
import { RoleBadges } from '../orgs/index.js';

export const allowed = [
  useSession,
  Page,
  caseOfPath,
  graphql,
  useCaseValue,
  newCaseDoc,
  recordMonitorReading,
  RoleBadges,
];
