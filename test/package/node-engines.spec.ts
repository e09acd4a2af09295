import { readFileSync } from 'node:fs';
import semver from 'semver';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

/**
 * Every package the lock file installs must accept the lowest Node.js elicitor supports: one that does
 * not makes `npm ci` warn EBADENGINE there (and fail under engine-strict), and a runtime dependency
 * would do the same in every user's project.
 */
describe('package-lock.json', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const floor = semver.minVersion(manifest.engines.node)!.version;

  it("installs only packages whose engines accept elicitor's lowest Node.js", () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range !== undefined && !semver.satisfies(floor, range)
        ? [`${path}@${entry.version}: node ${range}`]
        : [];
    });
    expect({ floor, refusing }).toStrictEqual({ floor: '20.19.0', refusing: [] });
  });
});
