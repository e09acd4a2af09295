import { readFileSync } from 'node:fs';
import { readCliPackage } from '../../shared/cli-package.reader.js';
import { INSPECTOR_VERSION, PROJECT_DEPENDENCY_VERSIONS } from './dependency-versions.constants.js';

describe('PROJECT_DEPENDENCY_VERSIONS', () => {
  it('matches the versions elicitor itself depends on', () => {
    const own = readCliPackage().dependencies;
    const pinned = {
      ...PROJECT_DEPENDENCY_VERSIONS.dependencies,
      ...PROJECT_DEPENDENCY_VERSIONS.devDependencies,
    };
    for (const [name, version] of Object.entries(pinned)) {
      expect({ name, version: own[name] }).toStrictEqual({ name, version });
    }
  });
});

describe('INSPECTOR_VERSION', () => {
  it('is the Inspector this repository runs itself', () => {
    const script = readFileSync('scripts/inspector.sh', 'utf8');
    expect(/INSPECTOR_VERSION="\$\{ELICITOR_INSPECTOR_VERSION:-([^}]+)\}"/.exec(script)?.[1]).toBe(
      INSPECTOR_VERSION,
    );
  });
});
