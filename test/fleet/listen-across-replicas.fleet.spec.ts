import 'reflect-metadata';
import { Tool, Tools } from 'elicitor';
import { connectHttp, officialClient } from '../support/official-client.js';
import { FLEET_KINDS, startReplicas, waitUntil } from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';
import { describeWhen } from '../support/test-requirements.js';

@Tools()
class Catalogue {
  @Tool({ description: 'Says hi' })
  hi(): string {
    return 'hi';
  }
}

for (const kind of FLEET_KINDS) {
  const describeKind = describeWhen('redis', kind.available);
  describeKind(`server events across replicas (${kind.name})`, () => {
    let replicas: Replicas;
    afterEach(async () => {
      await replicas?.close();
    });

    it('gives a subscriptions/listen client of B a list change published on A, once', async () => {
      replicas = await startReplicas(kind.make(2), { tools: [Catalogue], listChanged: true });
      const heard: string[] = [];
      const client = officialClient({ era: 'modern' });
      client.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
      await connectHttp(client, replicas.urls[1]!);
      const subscription = await client.listen({ toolsListChanged: true });
      replicas.apps[0]!.notifyListChanged('tools');
      await waitUntil(() => heard.length === 1);
      replicas.apps[1]!.notifyListChanged('tools');
      await waitUntil(() => heard.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toStrictEqual(['tools', 'tools']);
      await subscription.close();
      await client.close();
    });
  });
}
