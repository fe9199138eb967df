import { Alert, Anchor, Button, Card, Group, Loader, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { featureChangeCall, type FeatureValue } from '@vigil/shared';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import { ERROR_SUDO_CANCELLED, useSudo } from '../../session/SudoProvider.js';
import { errorCode } from '../../session/errors.js';
import * as api from './api.js';
import { useOrg } from './hooks.js';
import { useFeatureOverrides } from '../../data/featureOverrides.js';
import { useOrgFeatures } from '../../data/orgSettings.js';
import { adminLabel, memberErrorText } from './memberRules.js';
import { OrgDetailsForm } from './OrgDetailsForm.js';
import { mayAdminister } from '../../session/sessionOrgs.js';
import { PolicyEditor } from './policies/PolicyEditor.js';

/** The value a feature entry stands for: its string, else on or off. */
export function featureValue(f: api.OrgFeature): FeatureValue {
  return f.type === 'string' ? (f.stringValue ?? '') : f.value;
}

function FeatureControl({
  feature,
  disabled,
  onChange,
}: {
  feature: api.OrgFeature;
  disabled: boolean;
  onChange: (value: FeatureValue) => void;
}): ReactNode {
  if (feature.type === 'string') {
    const options = [
      ...(feature.stringValue === null ? [{ value: '', label: 'Not set (a guess from this device)' }] : []),
      ...(feature.stringValues ?? []).map((v) => ({ value: v, label: v })),
    ];
    return (
      <NativeSelect
        label={feature.label}
        description={feature.subLabel ?? undefined}
        data={options}
        value={feature.stringValue ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        styles={{ input: { minHeight: 44 } }}
      />
    );
  }
  return (
    <Switch
      label={feature.checkboxLabel ?? feature.label}
      description={feature.subLabel ?? undefined}
      checked={feature.value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.checked)}
      size="md"
      styles={{ body: { minHeight: 44, alignItems: 'center' } }}
    />
  );
}

/** How an organisation value reads in the override select. */
function describeValue(f: api.OrgFeature): string {
  if (f.type === 'string') return f.stringValue ?? 'Not set';
  return f.value ? 'On' : 'Off';
}

/**
 * Overrides on this device (spec 000 §3: set or cleared on the client): every flag can be forced
 * on this tablet only, for trying a setting without changing it for the office.
 */
function DeviceOverrides({ orgId, features }: { orgId: string; features: api.OrgFeature[] }): ReactNode {
  const { overrides, set, clear } = useFeatureOverrides(orgId);
  const count = Object.keys(overrides).length;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="device-overrides">
      <Title order={2} size="h4" id="device-overrides" mb="xs">
        Overrides on this device
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        An override changes a flag on this device only; the organization's setting stays as it is.
      </Text>
      <Stack gap="sm">
        {features.map((f) => {
          const current = overrides[f.name];
          const options = [
            { value: '', label: `Organization setting (${describeValue(f)})` },
            ...(f.type === 'string'
              ? (f.stringValues ?? []).map((v) => ({ value: `s:${v}`, label: v }))
              : [
                  { value: 'b:true', label: 'On' },
                  { value: 'b:false', label: 'Off' },
                ]),
          ];
          const selected = current === undefined ? '' : typeof current === 'string' ? `s:${current}` : `b:${current}`;
          return (
            <NativeSelect
              key={f.name}
              label={`${f.label} on this device`}
              data={options}
              value={selected}
              onChange={(e) => {
                const v = e.currentTarget.value;
                set(f.name, v === '' ? undefined : v.startsWith('s:') ? v.slice(2) : v === 'b:true');
              }}
              styles={{ input: { minHeight: 44 } }}
            />
          );
        })}
        <Group>
          <Button variant="default" mih={44} disabled={count === 0} onClick={clear}>
            Clear overrides on this device
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {count === 0
              ? 'No overrides on this device.'
              : `${count} override${count === 1 ? '' : 's'} on this device.`}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The product features the organisation's plan includes (issue 37): its admins switch them for the office. */
function PlanIncludedFeatures({
  features,
  disabled,
  onChange,
}: {
  features: api.OrgFeature[];
  disabled: boolean;
  onChange: (feature: api.OrgFeature, value: FeatureValue) => void;
}): ReactNode {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="plan-features">
      <Title order={2} size="h4" id="plan-features" mb="xs">
        Included in your plan
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your plan includes these. Switch them on or off for the whole organization.
      </Text>
      <Stack gap="md">
        {features.map((f) => (
          <FeatureControl key={f.name} feature={f} disabled={disabled} onChange={(v) => onChange(f, v)} />
        ))}
      </Stack>
    </Card>
  );
}

export interface FeatureFlagsProps {
  orgId: string;
  /** The internal team app: product features are switchable too (the server asks for sudo, spec 000 §6). */
  productEditable?: boolean;
  /** Show this device's overrides (the organisation's settings page). */
  withOverrides?: boolean;
}

/** The feature flags section (spec 000 §3 flags and defaults, §5 add/remove rule). */
export function FeatureFlags({ orgId, productEditable = false, withOverrides = true }: FeatureFlagsProps): ReactNode {
  const features = useOrgFeatures(orgId, true, { offline: false });
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { ensureSudo } = useSudo();
  const change = async (f: api.OrgFeature, value: FeatureValue): Promise<void> => {
    setSaving(f.name);
    setError(null);
    const call = featureChangeCall(value);
    const send = (): Promise<api.OrgFeature[]> =>
      call.call === 'removeOrgFeature'
        ? api.removeFeature(orgId, f.name)
        : api.addFeature(orgId, f.name, call.stringValue);
    try {
      try {
        features.set(await send());
      } catch (err) {
        // A change made with the internal team's authority needs a fresh sudo (spec 000 §6): confirm, then once more.
        if (errorCode(err) !== 'SUDO_REQUIRED') throw err;
        await ensureSudo();
        features.set(await send());
      }
    } catch (err) {
      if (!(err instanceof Error && err.message === ERROR_SUDO_CANCELLED)) setError(memberErrorText(errorCode(err)));
    } finally {
      setSaving(null);
    }
  };
  if (features.loading) return <Loader aria-label="Loading" />;
  if (!features.data) return <Alert color="red">{memberErrorText(features.error ?? 'UNKNOWN')}</Alert>;
  const office = features.data.filter((f) => f.owner === 'org');
  // A product feature the plan includes is the office's own to switch (issue 37); the rest are the team's.
  const included = features.data.filter((f) => f.owner !== 'org' && f.planIncluded);
  const product = features.data.filter((f) => f.owner !== 'org' && !f.planIncluded);
  return (
    <Stack gap="lg">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="office-settings">
        <Title order={2} size="h4" id="office-settings" mb="sm">
          Feature Flags
        </Title>
        <Stack gap="md">
          {office.map((f) => (
            <FeatureControl key={f.name} feature={f} disabled={saving !== null} onChange={(v) => void change(f, v)} />
          ))}
        </Stack>
      </Card>
      {included.length > 0 && (
        <PlanIncludedFeatures features={included} disabled={saving !== null} onChange={(f, v) => void change(f, v)} />
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="product-features">
        <Title order={2} size="h4" id="product-features" mb="xs">
          Product features
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {productEditable
            ? 'Changing a product feature needs a fresh identity confirmation.'
            : 'These are turned on by the Vigil team.'}
        </Text>
        {productEditable ? (
          <Stack gap="md">
            {product.map((f) => (
              <FeatureControl key={f.name} feature={f} disabled={saving !== null} onChange={(v) => void change(f, v)} />
            ))}
          </Stack>
        ) : (
          <Stack gap={4} component="ul" m={0}>
            {product.map((f) => (
              <Text key={f.name} component="li">
                {f.label}: {f.value ? 'On' : 'Off'}
              </Text>
            ))}
          </Stack>
        )}
      </Card>
      {withOverrides && <DeviceOverrides orgId={orgId} features={features.data} />}
    </Stack>
  );
}

/** The sign-off policy editor (issue 29), shown while the organisation's `policies` flag is on. */
function PoliciesSection({ orgId }: { orgId: string }): ReactNode {
  const features = useOrgFeatures(orgId, true, { offline: false });
  const on = features.data?.find((f) => f.name === 'policies');
  return on && featureValue(on) === true ? <PolicyEditor orgId={orgId} /> : null;
}

export interface SettingsPageProps {
  /** Sections other features plug in below the policies (the office's checklists), each given the organisation. */
  sections?: readonly ComponentType<{ orgId: string }>[];
}

/**
 * `/org/{orgId}/settings`: the organisation's details and feature flags (spec 000 §3), for whoever may
 * administer it (spec 000 §6); others are told it needs an admin.
 */
export function SettingsPage({ sections = [] }: SettingsPageProps): ReactNode {
  const { orgId = '' } = useParams();
  const { session } = useSession();
  const org = useOrg(orgId);
  let body: ReactNode;
  if (org.loading) body = <Loader aria-label="Loading" />;
  else if (!org.data) body = <Alert color="red">{memberErrorText(org.error ?? 'UNKNOWN')}</Alert>;
  else if (!mayAdminister(session, org.data))
    body = (
      <Alert color="gray" title={adminLabel('Settings', false)}>
        Only an admin of this organization can change its settings.
      </Alert>
    );
  else
    body = (
      <Stack gap="lg">
        <OrgDetailsForm org={org.data} onSaved={org.set} />
        {org.data.type === 'regular' && (
          <Card withBorder padding="md" component="section" aria-labelledby="baa-status">
            <Title order={2} size="h4" id="baa-status" mb="xs">
              Business Associate Agreement
            </Title>
            <Group gap="sm">
              <Text>{org.data.hasBAA ? 'Signed.' : 'Not signed yet.'}</Text>
              <Anchor component={Link} to={`/org/${encodeURIComponent(orgId)}/baa`} py={10}>
                {org.data.hasBAA ? 'View the agreement' : 'Read and sign the agreement'}
              </Anchor>
            </Group>
          </Card>
        )}
        <FeatureFlags orgId={orgId} />
        <PoliciesSection orgId={orgId} />
        {sections.map((Section, i) => (
          <Section key={i} orgId={orgId} />
        ))}
      </Stack>
    );
  return <Page title="Settings">{body}</Page>;
}
