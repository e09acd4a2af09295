import { Container } from 'inversify';
import { Context } from '../context/context.js';
import { bindProvider } from './root-container.factory.js';
import type { RequestScopeBlueprint } from './request-scope-blueprint.js';

/** A child of the root container for one MCP request: `Context` and request-scoped providers live here. */
export function createRequestContainer(blueprint: RequestScopeBlueprint, context: Context): Container {
  const child = new Container({ parent: blueprint.root });
  child.bind(Context).toConstantValue(context);
  for (const provider of blueprint.requestScoped) bindProvider(child, provider);
  return child;
}
