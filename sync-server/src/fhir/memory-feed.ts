import { MemoryChangeBus } from '../store/changes/bus.js';
import { MemoryChangeStore } from '../store/changes/memory.js';
import { MemoryResourceStore } from '../store/resources/memory.js';
import { LiveEvents } from './live-events.js';

/**
 * The in-memory resource store wired as the server wires SQLite's (services.ts): its writes are
 * recorded in a memory change feed, whose bus feeds the live events. For unit tests.
 */
export function memoryFhirStores(): {
  store: MemoryResourceStore;
  changes: MemoryChangeStore;
  bus: MemoryChangeBus;
  events: LiveEvents;
} {
  const bus = new MemoryChangeBus();
  const changes = new MemoryChangeStore(bus);
  const store = new MemoryResourceStore(changes);
  return { store, changes, bus, events: new LiveEvents({ changes, bus, resources: store }) };
}
