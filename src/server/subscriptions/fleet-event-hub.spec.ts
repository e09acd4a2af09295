import type { Fleet } from '../../fleet/fleet.types.js';
import { MemoryFleet } from '../../fleet/memory-fleet.store.js';
import { FleetEventHub, SERVER_EVENTS_CHANNEL } from './fleet-event-hub.js';
import type { ServerEvent } from './server-event.js';

const quiet = { info() {}, warn() {}, error() {} };
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('FleetEventHub', () => {
  it('delivers an event to the listeners of every hub on the fleet, once each', async () => {
    const fleet = new MemoryFleet();
    const [a, b] = [new FleetEventHub(fleet, quiet), new FleetEventHub(fleet, quiet)];
    await Promise.all([a.ready(), b.ready()]);
    const heardA: ServerEvent[] = [];
    const heardB: ServerEvent[] = [];
    a.subscribe((event) => heardA.push(event));
    b.subscribe((event) => heardB.push(event));
    a.publish({ type: 'resource_updated', uri: 'file:///x' });
    await settle();
    expect(heardA).toStrictEqual([{ type: 'resource_updated', uri: 'file:///x' }]);
    expect(heardB).toStrictEqual([{ type: 'resource_updated', uri: 'file:///x' }]);
    a.close();
    b.close();
  });

  it('carries a task change to the task followers of every hub, once each, apart from server events', async () => {
    const fleet = new MemoryFleet();
    const [a, b] = [new FleetEventHub(fleet, quiet), new FleetEventHub(fleet, quiet)];
    await Promise.all([a.ready(), b.ready()]);
    const tasksA: string[] = [];
    const tasksB: string[] = [];
    const events: ServerEvent[] = [];
    a.subscribeTaskChanges((taskId) => tasksA.push(taskId));
    b.subscribeTaskChanges((taskId) => tasksB.push(taskId));
    b.subscribe((event) => events.push(event));
    a.announceTaskChange('task-1');
    await settle();
    expect(tasksA).toStrictEqual(['task-1']);
    expect(tasksB).toStrictEqual(['task-1']);
    expect(events).toStrictEqual([]);
    a.close();
    b.close();
  });

  it('ignores what is not a server event', async () => {
    const fleet = new MemoryFleet();
    const hub = new FleetEventHub(fleet, quiet);
    await hub.ready();
    const heard: ServerEvent[] = [];
    hub.subscribe((event) => heard.push(event));
    await fleet.bus.publish(SERVER_EVENTS_CHANNEL, 'not json');
    await fleet.bus.publish(
      SERVER_EVENTS_CHANNEL,
      JSON.stringify({ origin: 'x', event: { type: 'list_changed', list: 'nope' } }),
    );
    await fleet.bus.publish(
      SERVER_EVENTS_CHANNEL,
      JSON.stringify({ origin: 'x', event: { type: 'list_changed', list: 'tools' } }),
    );
    await settle();
    expect(heard).toStrictEqual([{ type: 'list_changed', list: 'tools' }]);
    hub.close();
  });

  it('tries again to listen while the fleet bus cannot be reached, and then hears other replicas', async () => {
    const fleet = new MemoryFleet();
    const subscribe = fleet.bus.subscribe.bind(fleet.bus);
    let refusals = 1;
    const flaky: Fleet = {
      name: fleet.name,
      sessions: fleet.sessions,
      events: fleet.events,
      records: fleet.records,
      callLeaseMs: fleet.callLeaseMs,
      close: () => fleet.close(),
      bus: {
        publish: fleet.bus.publish.bind(fleet.bus),
        subscribe: (channel: string, listener: (message: string) => void) =>
          refusals-- > 0 ? Promise.reject(new Error('down')) : subscribe(channel, listener),
      },
    };
    const errors: unknown[] = [];
    const hub = new FleetEventHub(flaky, { ...quiet, error: (message: string) => void errors.push(message) });
    await hub.ready();
    expect(errors).toHaveLength(1);
    const heard: ServerEvent[] = [];
    hub.subscribe((event) => heard.push(event));
    const other = new FleetEventHub(fleet, quiet);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    other.publish({ type: 'list_changed', list: 'prompts' });
    await settle();
    expect(heard).toStrictEqual([{ type: 'list_changed', list: 'prompts' }]);
    hub.close();
    other.close();
  });
});
