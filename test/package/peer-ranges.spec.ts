import { readFileSync } from 'node:fs';
import semver from 'semver';

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const own = readManifest('package.json');
const peers = own.peerDependencies!;
const lowest = (range: string): string => semver.minVersion(range)!.version;

/**
 * elicitor's peer ranges must be installable together: a peer's newest release in our range (the one
 * installed here, and the one npm picks for a user) may itself need another of our peers, and the lowest
 * version of our range for that one must be enough for it, or npm refuses the install (ERESOLVE).
 */
describe('peer dependency ranges', () => {
  it("hold the lowest of each range within what the other peers' peer ranges accept", () => {
    const conflicts = Object.keys(peers).flatMap((peer) => {
      const installed = readManifest(`node_modules/${peer}/package.json`);
      return Object.entries(installed.peerDependencies ?? {})
        .filter(
          ([other]) =>
            other in peers && !semver.satisfies(lowest(peers[other]!), installed.peerDependencies![other]!),
        )
        .map(
          ([other, range]) =>
            `${peer}@${installed.version} needs ${other} ${range}; ours starts at ${lowest(peers[other]!)}`,
        );
    });
    expect(conflicts).toStrictEqual([]);
  });

  // The client (a dependency, for the CLI and elicitor/testing) and the server pin the same core package
  // at their own version: the same release of both keeps one copy of it.
  it('start the server peer at the release of the SDK client elicitor depends on', () => {
    expect(lowest(peers['@modelcontextprotocol/server']!)).toBe(
      lowest(own.dependencies!['@modelcontextprotocol/client']!),
    );
  });
});
