import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FLUID_SOLUTION_TYPES, isIvSiteComplete, newId } from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { IvSiteForm } from './IvSiteForm.js';
import { missingIvFields, readWhole, type IvSite } from './model.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export interface IvSiteCardProps {
  site: IvSite;
  disabled: boolean;
  /** Replaces the site (entries are replaced, never edited in place). */
  onPut: (site: IvSite) => void;
  onDelete: (id: string) => void;
  now?: () => number;
}

/** What the site is: gauge, attempts, how it is secured, when placed and removed, and what it still lacks. */
function IvSiteSummary({ site, title }: { site: IvSiteCardProps['site']; title: string }): ReactNode {
  return (
    <Group gap="xs">
      <Text fw={700}>{title}</Text>
      {site.needleGauge != null && <Text>{site.needleGauge} g</Text>}
      {site.attempts != null && (
        <Text size="sm">
          {site.attempts} attempt{site.attempts === 1 ? '' : 's'}
        </Text>
      )}
      {site.securedWith && <Text size="sm">secured with {site.securedWith}</Text>}
      {site.time != null && <Text size="sm">placed {clockTime(site.time)}</Text>}
      {site.timeRemoved != null && (
        <Badge color="gray" variant="light">
          removed {clockTime(site.timeRemoved)}
        </Badge>
      )}
      {isIvSiteComplete(site) ? (
        <Badge color="green" variant="light">
          complete
        </Badge>
      ) : (
        <Badge color="orange" variant="light">
          incomplete: {missingIvFields(site).join(', ')}
        </Badge>
      )}
    </Group>
  );
}

/** One IV site: its details and completeness [CD10], bags, syringe flushes, removal. */
export function IvSiteCard({ site, disabled, onPut, onDelete, now = Date.now }: IvSiteCardProps): ReactNode {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [bagName, setBagName] = useState<string>('NS');
  const [bagText, setBagText] = useState('');
  const [flushText, setFlushText] = useState('');
  const bag = readWhole(bagText, 1);
  const flush = readWhole(flushText, 1);
  const title = [site.side, site.name].filter(Boolean).join(' ') || 'IV site';
  const label = `${title}${site.time == null ? '' : ` at ${clockTime(site.time)}`}`;
  return (
    <Paper withBorder p="sm" role="group" aria-label={label} data-testid="iv-site">
      <Group justify="space-between" wrap="wrap">
        <IvSiteSummary site={site} title={title} />
        <Group gap="xs">
          <Button
            variant="light"
            mih={44}
            disabled={disabled}
            onClick={() => setEditing(true)}
            aria-label={`Edit ${label}`}
          >
            Edit
          </Button>
          {site.timeRemoved == null && (
            <Button
              variant="light"
              mih={44}
              disabled={disabled}
              aria-label={`IV removed now: ${label}`}
              onClick={() => onPut({ ...site, timeRemoved: now() })}
            >
              Removed now
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            mih={44}
            disabled={disabled}
            onClick={() => setDeleting(true)}
            aria-label={`Delete ${label}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <Stack gap={4} mt="xs">
        {site.solutions.map((s) => (
          <Text size="sm" key={s.bagId}>
            Bag: {s.name}
            {s.amount == null ? '' : ` ${s.amount} mL`}
          </Text>
        ))}
        {site.syringeFlushes.map((f, i) => (
          <Text size="sm" key={`${f.time}-${i}`}>
            Syringe flush {f.amount} mL at {clockTime(f.time)}
          </Text>
        ))}
      </Stack>
      <Group align="flex-start" gap="sm" mt="xs" wrap="wrap">
        <LightNativeSelect
          label="Next bag"
          width={110}
          size="sm"
          value={bagName}
          disabled={disabled}
          data={[...FLUID_SOLUTION_TYPES]}
          onChange={(e) => setBagName(e.currentTarget.value)}
        />
        <LightTextInput
          label="Next bag size (mL)"
          inputMode="numeric"
          width={120}
          size="sm"
          value={bagText}
          disabled={disabled}
          error={bag.error ?? undefined}
          onChange={(e) => setBagText(e.currentTarget.value)}
        />
        <Button
          mt={25}
          mih={44}
          variant="light"
          disabled={disabled || bag.error != null}
          onClick={() => {
            onPut({
              ...site,
              solutions: [...site.solutions, { bagId: newId('bag'), name: bagName, amount: bag.value }],
            });
            setBagText('');
          }}
        >
          Hang bag
        </Button>
        <LightTextInput
          label="Flush mL"
          inputMode="numeric"
          width={100}
          size="sm"
          value={flushText}
          disabled={disabled}
          error={flush.error ?? undefined}
          onChange={(e) => setFlushText(e.currentTarget.value)}
        />
        <Button
          mt={25}
          mih={44}
          variant="light"
          disabled={disabled || flush.value == null}
          onClick={() => {
            onPut({ ...site, syringeFlushes: [...site.syringeFlushes, { amount: flush.value!, time: now() }] });
            setFlushText('');
          }}
        >
          Add flush
        </Button>
      </Group>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit IV site" size="xl">
        <IvSiteForm
          initial={site}
          disabled={disabled}
          submitLabel="Save IV site"
          now={now}
          onSubmit={(next) => {
            onPut(next);
            setEditing(false);
          }}
        />
      </Modal>
      <ConfirmRemoval
        title="Delete this IV site?"
        question={deleting ? `Delete ${label}?` : null}
        action="Delete"
        onKeep={() => setDeleting(false)}
        onConfirm={() => {
          onDelete(site.id);
          setDeleting(false);
        }}
      />
    </Paper>
  );
}
