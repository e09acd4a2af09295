import type { ServiceIdentifier } from 'inversify';
import { ModuleDefinitionError } from '../errors/module-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { isDynamicModule } from '../metadata/module.metadata.js';
import type { ModuleNode } from './module-node.js';
import { providerToken, tokenName } from './module-node.js';

/**
 * Fills `exported` and `visible` of every module, given imports-first order: a module sees its own
 * providers, tools and interceptor classes, what its imports export (re-exported modules pass theirs
 * on), and what global modules export.
 */
export function resolveModuleVisibility(order: readonly ModuleNode[]): void {
  for (const node of order) resolveExports(node);
  const globalExports = order.filter((node) => node.global).flatMap((node) => [...node.exported]);
  for (const node of order) {
    for (const provider of node.providers) node.visible.add(providerToken(provider));
    for (const type of node.tools) node.visible.add(type);
    for (const reference of node.interceptors) {
      if (typeof reference === 'function') node.visible.add(reference as ClassType);
    }
    for (const imported of node.imports) for (const token of imported.exported) node.visible.add(token);
    for (const token of globalExports) node.visible.add(token);
  }
}

function resolveExports(node: ModuleNode): void {
  const own = new Set<ServiceIdentifier>(node.providers.map(providerToken));
  for (const declaration of node.exportDeclarations) {
    const exportedModule = isDynamicModule(declaration) ? declaration.module : declaration;
    const imported = node.imports.find((candidate) => candidate.type === exportedModule);
    if (imported) {
      for (const token of imported.exported) node.exported.add(token);
      continue;
    }
    const token = declaration as ServiceIdentifier;
    if (own.has(token) || node.imports.some((candidate) => candidate.exported.has(token))) {
      node.exported.add(token);
      continue;
    }
    throw new ModuleDefinitionError(
      node.name,
      `module ${node.name} exports ${tokenName(token)}, which is neither one of its providers nor exported by a module it imports`,
    );
  }
}
