import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  QUALITY_FIGURE_LABELS,
  QUALITY_FIGURES,
  type AnalyticsFilterInput,
  type ParentAnalyticsView,
  type ParentOfficeAnalyticsView,
} from '@vigil/shared';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { graphql, RequestError } from '../../data/graphql.js';
import { PALETTE, UPlotChart } from '../analytics/index.js';
import { memberErrorText } from '../orgs/index.js';
import {
  COMPARISON_MEASURES,
  comparisonChart,
  isShare,
  officeAnalyticsHref,
  type ComparisonMeasure,
  type OfficeBar,
} from './comparison.js';

const QUERY = `query ($p: String, $filter: AnalyticsFilter) {
  parentAnalytics(parentOrgId: $p, filter: $filter) {
    offices {
      orgId name planRequired cases anesthesiaMinutes anesthesiaUnits
      quality { finalized preOpComplete vitalsAtEveryCheckpoint dischargeBeforeSignoff signedWithin24h noOverride }
    }
  }
}`;

/** The parent's offices side by side (parentAnalytics). */
export async function fetchParentAnalytics(
  parentOrgId: string,
  filter: AnalyticsFilterInput,
): Promise<ParentAnalyticsView> {
  return (await graphql<{ parentAnalytics: ParentAnalyticsView }>(QUERY, { p: parentOrgId, filter })).parentAnalytics;
}

const DAY_MS = 24 * 3_600_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A quality figure as the comparison shows it: the share of finalized cases that met it, and the count. */
function share(met: number, finalized: number): string {
  return finalized === 0 ? '—' : `${Math.round((met / finalized) * 100)}% (${met}/${finalized})`;
}

function OfficeRow({ o, filter }: { o: ParentOfficeAnalyticsView; filter: AnalyticsFilterInput }): ReactNode {
  const name = (
    <Anchor component={Link} to={officeAnalyticsHref(o.orgId, filter)} aria-label={`${o.name}: open its analytics`}>
      {o.name}
    </Anchor>
  );
  if (o.planRequired) {
    return (
      <Table.Tr>
        <Table.Th scope="row">{name}</Table.Th>
        <Table.Td colSpan={3 + QUALITY_FIGURES.length}>
          <Text size="sm" c="dimmed">
            Its plan does not include analytics (Enterprise).
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Th scope="row">{name}</Table.Th>
      <Table.Td>{o.cases}</Table.Td>
      <Table.Td>{o.anesthesiaMinutes}</Table.Td>
      <Table.Td>{o.anesthesiaUnits}</Table.Td>
      {QUALITY_FIGURES.map((f) => (
        <Table.Td key={f}>{share(o.quality[f], o.quality.finalized)}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** The offices side by side on one measure, a bar each; a bar opens that office's analytics. */
function ComparisonChart({
  offices,
  onOpen,
}: {
  offices: readonly ParentOfficeAnalyticsView[];
  onOpen: (orgId: string) => void;
}): ReactNode {
  const [measure, setMeasure] = useState<ComparisonMeasure>('cases');
  const model = useMemo(() => comparisonChart(offices, measure, PALETTE[0]!), [offices, measure]);
  const label = COMPARISON_MEASURES.find((m) => m.value === measure)!.label;
  return (
    <Stack gap="xs">
      <Select
        label="Compare by"
        data={COMPARISON_MEASURES.map((m) => ({ value: m.value, label: m.label }))}
        value={measure}
        onChange={(v) => v && setMeasure(v)}
        allowDeselect={false}
        w={320}
      />
      <UPlotChart<OfficeBar>
        model={model}
        kind="bars"
        label={`Offices compared by ${label}; the table below holds the same numbers`}
        onPick={(bar) => onOpen(bar.orgId)}
        {...(isShare(measure) ? { yMax: 100 } : {})}
      />
      <Text size="xs" c="dimmed">
        A bar opens that office&apos;s analytics over the same dates, where each figure opens its cases.
      </Text>
    </Stack>
  );
}

/**
 * The parent's dashboard comparison (issue 41 "The analytics above across the children, office
 * against office"): each office's cases, anesthesia minutes and units and the five quality
 * figures over a date range (the last 90 days at first), from the analytics read model, as a bar
 * chart on the measure chosen and as a table; a bar and each office's name open its own analytics
 * page over the same dates. For the parent's admins (the server refuses others).
 */
export function ParentOfficeComparison({ parentOrgId }: { parentOrgId: string }): ReactNode {
  const [from, setFrom] = useState(() => isoDay(Date.now() - 89 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [filter, setFilter] = useState<AnalyticsFilterInput>({ from, to });
  const [data, setData] = useState<ParentAnalyticsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    setError(null);
    fetchParentAnalytics(parentOrgId, filter).then(
      (d) => current && setData(d),
      (e: unknown) => current && setError(e instanceof RequestError ? e.code : 'UNKNOWN'),
    );
    return () => {
      current = false;
    };
  }, [parentOrgId, filter]);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setFilter({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="office-comparison" mt="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="office-comparison">
          Offices compared
        </Title>
        <Group component="form" onSubmit={submit} align="flex-end" wrap="wrap" aria-label="Date range">
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button type="submit">Apply</Button>
        </Group>
        {error && <Alert color="red">{memberErrorText(error)}</Alert>}
        {!error && !data && <Loader aria-label="Loading" />}
        {data && data.offices.length === 0 && <Text c="dimmed">No offices are overseen by this organization yet.</Text>}
        {data && data.offices.length > 0 && (
          <ComparisonChart
            offices={data.offices}
            onOpen={(orgId) => void navigate(officeAnalyticsHref(orgId, filter))}
          />
        )}
        {data && data.offices.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Office</Table.Th>
                  <Table.Th scope="col">Cases</Table.Th>
                  <Table.Th scope="col">Anesthesia minutes</Table.Th>
                  <Table.Th scope="col">Anesthesia units</Table.Th>
                  {QUALITY_FIGURES.map((f) => (
                    <Table.Th scope="col" key={f}>
                      {QUALITY_FIGURE_LABELS[f]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.offices.map((o) => (
                  <OfficeRow key={o.orgId} o={o} filter={filter} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="xs" c="dimmed">
          Quality figures are shares of the finalized cases started in the range (UTC days, both included).
        </Text>
      </Stack>
    </Card>
  );
}
