import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import type { Location } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useLiveResourceEvents, useOutbox } from '../../data/db.js';
import { useCachedResources } from '../../data/useResources.js';
import { LocationForm, RoomForm } from './LocationForms.js';
import { addressText } from './locationRules.js';
import { locationTree, type LocationTree } from '../../ui/places.js';

type Editing =
  | { kind: 'location'; location?: Location }
  | { kind: 'room'; locationId: string; locationName: string; room?: Location }
  | null;

/** A location's rooms, each with its edit button and its not-sent marker. */
function RoomList({
  rooms,
  marker,
  onEdit,
}: {
  rooms: LocationTree['rooms'];
  marker: (id: string) => ReactNode;
  onEdit: (room: Location) => void;
}): ReactNode {
  return (
    <>
      {rooms.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rooms yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Rooms">
          {rooms.map((room) => (
            <Group key={room.id} component="li" justify="space-between" wrap="nowrap" mih={44}>
              <div>
                <Group gap="xs">
                  <Text fw={500}>{room.name}</Text>
                  {marker(room.id)}
                </Group>
                {room.description && (
                  <Text size="sm" c="dimmed">
                    {room.description}
                  </Text>
                )}
              </div>
              <Button variant="subtle" mih={44} aria-label={`Edit ${room.name ?? 'room'}`} onClick={() => onEdit(room)}>
                Edit
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </>
  );
}

/** /org/{orgId}/locations: the offices and their rooms (operatories), with the forms of spec 001 §2. */
export function LocationsPage(): ReactNode {
  const { orgId = '' } = useParams();
  useLiveResourceEvents(orgId);
  const locations = useCachedResources(orgId, 'Location', {}, { complete: true });
  const unsent = new Set((useOutbox(orgId) ?? []).filter((e) => e.resourceType === 'Location').map((e) => e.id));
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tree = locationTree(locations.data ?? []);
  const close = (): void => setEditing(null);
  const saved = (queued: boolean): void => {
    setEditing(null);
    setNotice(queued ? 'Saved on this device; it will be sent when the network is back.' : null);
  };
  const marker = (id: string): ReactNode =>
    unsent.has(id) ? (
      <Badge color="blue" variant="outline">
        Not sent yet
      </Badge>
    ) : null;

  return (
    <Page title="Locations">
      <Group justify="flex-end">
        <Button mih={44} onClick={() => setEditing({ kind: 'location' })}>
          New Location
        </Button>
      </Group>
      {notice && (
        <Alert color="blue" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {locations.error === 'NETWORK_ERROR' && (
        <Alert color="gray" role="status">
          Offline: showing the locations saved on this device.
        </Alert>
      )}
      {locations.error && locations.error !== 'NETWORK_ERROR' && (
        <Alert color="red" role="alert">
          Could not load locations ({locations.error}).
        </Alert>
      )}
      {locations.data === undefined || (tree.length === 0 && locations.refreshing) ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : tree.length === 0 ? (
        <Text c="dimmed" role="status">
          No locations yet. Add your office with New Location, then its rooms.
        </Text>
      ) : (
        tree.map(({ location, rooms }) => (
          <Card key={location.id} withBorder padding="md" component="section" aria-label={location.name}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" align="flex-start">
                <div>
                  <Group gap="xs">
                    <Title order={2} size="h4">
                      {location.name}
                    </Title>
                    {marker(location.id)}
                  </Group>
                  {location.description && <Text size="sm">{location.description}</Text>}
                  <Text size="sm" c="dimmed">
                    {addressText(location)}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    variant="default"
                    mih={44}
                    onClick={() =>
                      setEditing({ kind: 'room', locationId: location.id, locationName: location.name ?? '' })
                    }
                  >
                    Add Room
                  </Button>
                  <Button
                    variant="default"
                    mih={44}
                    onClick={() => setEditing({ kind: 'location', location })}
                    aria-label={`Edit ${location.name ?? 'location'}`}
                  >
                    Edit
                  </Button>
                </Group>
              </Group>
              <RoomList
                rooms={rooms}
                marker={marker}
                onEdit={(room) =>
                  setEditing({ kind: 'room', locationId: location.id, locationName: location.name ?? '', room })
                }
              />
            </Stack>
          </Card>
        ))
      )}
      <Modal
        opened={editing?.kind === 'location'}
        onClose={close}
        title={editing?.kind === 'location' && editing.location ? 'Edit Location' : 'New Location'}
        size="lg"
      >
        {editing?.kind === 'location' && (
          <LocationForm orgId={orgId} location={editing.location} onSaved={saved} onCancel={close} />
        )}
      </Modal>
      <Modal
        opened={editing?.kind === 'room'}
        onClose={close}
        title={editing?.kind === 'room' ? `${editing.room ? 'Edit Room' : 'New Room'} · ${editing.locationName}` : ''}
      >
        {editing?.kind === 'room' && (
          <RoomForm
            orgId={orgId}
            locationId={editing.locationId}
            room={editing.room}
            onSaved={saved}
            onCancel={close}
          />
        )}
      </Modal>
    </Page>
  );
}
