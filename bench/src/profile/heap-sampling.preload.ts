// Loaded into a bench server child with `--import`: SIGUSR2 starts V8's sampling heap profiler, counting
// objects the garbage collector has already freed (what a request allocates, not what it keeps); the
// next SIGUSR2 stops it and writes the profile to $ELICITOR_HEAP_PROFILE.
import { Session } from 'node:inspector';
import { renameSync, writeFileSync } from 'node:fs';

const SAMPLING_INTERVAL_BYTES = 512;
const session = new Session();
session.connect();
let sampling = false;

function post(method: string, params: object = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (error, result) =>
      error ? reject(error) : resolve(result as Record<string, unknown>),
    ),
  );
}

process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    void post('HeapProfiler.enable').then(() =>
      post('HeapProfiler.startSampling', {
        samplingInterval: SAMPLING_INTERVAL_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    );
    return;
  }
  sampling = false;
  void post('HeapProfiler.stopSampling').then((result) => {
    // Written aside and renamed: the parent reads the file as soon as it exists.
    const file = process.env.ELICITOR_HEAP_PROFILE!;
    writeFileSync(`${file}.partial`, JSON.stringify(result.profile));
    renameSync(`${file}.partial`, file);
  });
});
