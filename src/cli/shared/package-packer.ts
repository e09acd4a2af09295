import { execFile } from 'node:child_process';

/** Packs a package folder into a tarball (`npm pack`); swapped out in specs. */
export interface PackagePacker {
  /** Writes the tarball into `destination` and returns its file name. */
  pack(packageRoot: string, destination: string): Promise<string>;
}

export class NpmPacker implements PackagePacker {
  pack(packageRoot: string, destination: string): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        'npm',
        ['pack', '--json', '--pack-destination', destination],
        // npm is a .cmd script on Windows, which only a shell can start.
        { cwd: packageRoot, shell: process.platform === 'win32', maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error)
            return reject(new Error(`npm pack failed in ${packageRoot}: ${stderr.trim() || error.message}`));
          const packed = JSON.parse(stdout) as Array<{ filename: string }>;
          resolve(packed[0]!.filename);
        },
      );
    });
  }
}
