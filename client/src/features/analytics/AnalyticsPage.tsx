import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MAX_PROVIDERS_ALL_ANALYTICS,
  refusalText,
  type AnalyticsFilterInput,
  type AnalyticsSummaryView,
} from '@vigil/shared';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useLoad } from '../../data/useLoad.js';
import { Page } from '../../ui/Page.js';
import { PlanRequired } from '../subscription/index.js';
import * as api from './api.js';
import {
  anesthesiaTime,
  casesByLevel,
  casesByProvider,
  dischargeScores,
  drugsUsed,
  qualityChart,
  qualityShares,
  type ChartCell,
  type ChartModel,
} from './charts.js';
import { DrillDown, type DrillChoice } from './DrillDown.js';
import { UPlotChart } from './UPlotChart.js';

interface ChartCardProps {
  id: string;
  title: string;
  model: ChartModel;
  kind: 'bars' | 'lines';
  /** What the table's first column holds (Month, Drug, Score). */
  category: string;
  onPick: (cell: ChartCell) => void;
  yMax?: number;
  /** Shown when the chart has nothing. */
  empty: string;
}

/** One chart in its card, with its numbers in a table whose cells open the cases behind them. */
function ChartCard({ id, title, model, kind, category, onPick, yMax, empty }: ChartCardProps): ReactNode {
  const hasData = model.categories.length > 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {!hasData ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs">
          <UPlotChart model={model} kind={kind} label={`${title} chart`} onPick={onPick} {...(yMax ? { yMax } : {})} />
          <Table.ScrollContainer minWidth={300}>
            <Table withTableBorder striped aria-label={`${title}: the numbers`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{category}</Table.Th>
                  {model.series.map((s) => (
                    <Table.Th scope="col" key={s.label}>
                      {s.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {model.categories.map((category, i) => (
                  <Table.Tr key={category}>
                    <Table.Th scope="row">{category}</Table.Th>
                    {model.series.map((s) => {
                      const cell = s.cells[i];
                      return (
                        <Table.Td key={s.label}>
                          {cell ? (
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              onClick={() => onPick(cell)}
                              aria-label={cell.title}
                            >
                              {cell.value}
                            </Button>
                          ) : (
                            '0'
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The date range an address asks for: its `from` and `to` when each is a day. */
function datesFrom(params: URLSearchParams): AnalyticsFilterInput {
  const from = params.get('from');
  const to = params.get('to');
  return { ...(from && DAY.test(from) ? { from } : {}), ...(to && DAY.test(to) ? { to } : {}) };
}

interface FiltersProps {
  summary: AnalyticsSummaryView | null;
  /** The dates the page opened with (a parent's comparison passes its range). */
  initial: AnalyticsFilterInput;
  onApply: (filter: AnalyticsFilterInput) => void;
}

/** The page's filters (spec 000 §2 date range, spec 000 §9 at most 10 providers, a location). */
function Filters({ summary, initial, onApply }: FiltersProps): ReactNode {
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const [providers, setProviders] = useState<string[]>([]);
  const [location, setLocation] = useState<string | null>(null);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    onApply({
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(providers.length > 0 ? { providerIds: providers } : {}),
      ...(location ? { locationId: location } : {}),
    });
  };
  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} aria-label="Filters">
      <Group align="flex-end" wrap="wrap">
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <MultiSelect
          label="Providers"
          description={`At most ${MAX_PROVIDERS_ALL_ANALYTICS}`}
          data={(summary?.providers ?? []).map((p) => ({ value: p.id, label: p.name ?? p.id }))}
          value={providers}
          onChange={setProviders}
          maxValues={MAX_PROVIDERS_ALL_ANALYTICS}
          clearable
          miw={220}
        />
        <Select
          label="Location"
          data={(summary?.locations ?? []).map((l) => ({ value: l.id, label: l.name ?? l.id }))}
          value={location}
          onChange={setLocation}
          clearable
          placeholder="All locations"
        />
        <Button type="submit">Apply</Button>
      </Group>
    </Card>
  );
}

/**
 * /org/{orgId}/analytics (issue 41; spec 000 §2, §9): the office's cases per month by sedation level
 * and provider, anesthesia time, drugs used, discharge scores and the five chart-quality figures,
 * filtered by date range, providers and location; every bar, point and number opens the cases
 * behind it, each linking to the case. Read from the server's analytics read model; whoever
 * administers the office, on a plan with analytics (PLAN_REQUIRED shows which plan has it).
 */
export function AnalyticsPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [params] = useSearchParams();
  // `?from=&to=` (UTC days): the parent's comparison opens an office over its own range.
  const [opened] = useState<AnalyticsFilterInput>(() => datesFrom(params));
  const [filter, setFilter] = useState<AnalyticsFilterInput>(opened);
  const [drill, setDrill] = useState<DrillChoice | null>(null);
  const load = useCallback(() => api.fetchAnalytics(orgId, filter), [orgId, filter]);
  const summary = useLoad(load);
  const s = summary.data;
  const charts = useMemo(
    () =>
      s && {
        level: casesByLevel(s),
        provider: casesByProvider(s),
        time: anesthesiaTime(s),
        drugs: drugsUsed(s),
        discharge: dischargeScores(s),
        quality: qualityChart(s),
      },
    [s],
  );
  const open = (cell: ChartCell): void => setDrill({ title: cell.title, drill: cell.drill });
  if (summary.error === 'PLAN_REQUIRED') {
    return (
      <Page title="Analytics">
        <PlanRequired orgId={orgId} entitlement="analytics" />
      </Page>
    );
  }
  return (
    <Page title="Analytics">
      <Filters summary={s} initial={opened} onApply={setFilter} />
      {summary.error && (
        <Alert color="red" role="alert">
          {refusalText(summary.error)}
        </Alert>
      )}
      {summary.loading && <Text c="dimmed">Loading the figures…</Text>}
      {s && charts && (
        <>
          <Text size="sm" data-testid="analytics-total">
            {s.cases} cases, {s.quality.finalized} signed.
          </Text>
          <Card withBorder padding="md" component="section" aria-labelledby="analytics-quality">
            <Title order={2} size="h4" id="analytics-quality" mb="xs">
              Chart quality
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 5 }} mb="sm">
              {qualityShares(s).map((q) => (
                <Stack key={q.figure} gap={2}>
                  <Text size="xl" fw={700}>
                    {q.pct === null ? '–' : `${q.pct}%`}
                  </Text>
                  <Text size="sm">{q.label}</Text>
                  <Text size="xs" c="dimmed">
                    {q.met} of {q.of} signed cases
                  </Text>
                  {q.of > q.met && (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={() =>
                        setDrill({
                          title: `${q.label}: the ${q.of - q.met} signed cases that missed it`,
                          drill: { figure: q.figure, met: false },
                        })
                      }
                    >
                      {q.of - q.met} missed
                    </Button>
                  )}
                </Stack>
              ))}
            </SimpleGrid>
            <UPlotChart
              model={charts.quality}
              kind="bars"
              label="Chart quality, percent of signed cases"
              onPick={open}
              yMax={100}
            />
          </Card>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChartCard
              id="analytics-level"
              title="Cases per month by sedation level"
              model={charts.level}
              category="Month"
              kind="lines"
              onPick={open}
              empty="No cases in this range."
            />
            <ChartCard
              id="analytics-provider"
              title="Cases per month by provider"
              model={charts.provider}
              category="Month"
              kind="lines"
              onPick={open}
              empty="No cases in this range."
            />
            <ChartCard
              id="analytics-time"
              title="Anesthesia minutes and units"
              model={charts.time}
              category="Month"
              kind="lines"
              onPick={open}
              empty="No cases in this range."
            />
            <ChartCard
              id="analytics-drugs"
              title="Drugs used"
              model={charts.drugs}
              category="Drug"
              kind="bars"
              onPick={open}
              empty="No drugs in the signed cases of this range."
            />
            <ChartCard
              id="analytics-discharge"
              title="Discharge scores"
              model={charts.discharge}
              category="Score"
              kind="bars"
              onPick={open}
              empty="No discharge scores in the signed cases of this range."
            />
          </SimpleGrid>
        </>
      )}
      <DrillDown orgId={orgId} filter={filter} choice={drill} onClose={() => setDrill(null)} />
    </Page>
  );
}
