import { IsString, Matches } from 'class-validator';
import {
  Args,
  Ctx,
  ElicitRequestParams,
  Field,
  RequireScopes,
  Tool,
  Tools,
  UseFilters,
  UseGuards,
} from 'elicitor';
import type { Context } from 'elicitor';
import { MaintainersOnly } from './maintainers.guard.js';
import { TagExistsError, TagExistsFilter } from './release.filter.js';

export class ReleaseArgs {
  @Field({ description: 'Version to tag, e.g. 1.4.0' })
  @IsString()
  @Matches(/^\d+\.\d+\.\d+$/)
  version!: string;
}

export const published: string[] = [];

@Tools()
@UseGuards(RequireScopes('repo:read'))
export class ReleaseTools {
  @Tool({ description: 'Lists the released versions' })
  listReleases(): string {
    return published.join(', ') || 'no releases yet';
  }

  @Tool({ description: 'Tags and publishes a release after a confirmation' })
  @UseGuards(RequireScopes('repo:write'), MaintainersOnly)
  @UseFilters(TagExistsFilter)
  async release(@Args() args: ReleaseArgs, @Ctx() ctx: Context): Promise<string> {
    if (published.includes(args.version)) throw new TagExistsError(args.version);
    const answer = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Publish ${args.version}?`).withRequired('confirm', 'boolean'),
    );
    if (answer.content()?.confirm !== true) return 'Nothing published';
    await ctx.once('publish', () => {
      published.push(args.version);
    });
    return `Published ${args.version}`;
  }
}
