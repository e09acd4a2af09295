import { injectable } from 'inversify';
import type { ReleasePlan } from './release-planner.service.js';

export interface Deployment {
  id: string;
  summary: string;
  approvedBy: string;
}

/** Ships a release (a stand-in for the real pipeline); remembers what it shipped. */
@injectable()
export class Deployer {
  readonly deployments: Deployment[] = [];

  async deploy(plan: ReleasePlan, approvedBy: string): Promise<Deployment> {
    const deployment = {
      id: `dep-${(this.deployments.length + 1).toString().padStart(4, '0')}`,
      summary: plan.summary,
      approvedBy,
    };
    this.deployments.push(deployment);
    return deployment;
  }
}
