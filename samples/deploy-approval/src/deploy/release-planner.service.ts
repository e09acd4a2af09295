import { injectable } from 'inversify';

export interface DeployRequest {
  service: string;
  version: string;
  environment: string;
}

/** What will change; plain JSON, so `ctx.memo` carries it between rounds. */
export interface ReleasePlan extends DeployRequest {
  summary: string;
  risk: 'low' | 'high';
}

/** Works out a release plan (in real life: diffing manifests, reading the change log). Counted for the tests. */
@injectable()
export class ReleasePlanner {
  plansMade = 0;

  plan(request: DeployRequest): ReleasePlan {
    this.plansMade++;
    const { service, version, environment } = request;
    return {
      service,
      version,
      environment,
      summary: `${service}@${version} to ${environment}`,
      risk: environment === 'production' ? 'high' : 'low',
    };
  }
}
