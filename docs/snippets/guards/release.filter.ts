import { Catch } from 'elicitor';
import type { CallInfo, Context, ExceptionFilter } from 'elicitor';

/** What the release service throws when a tag already exists. */
export class TagExistsError extends Error {
  constructor(readonly tag: string) {
    super(`tag ${tag} exists`);
  }
}

/** Turns a clash into an error result the model can act on, instead of "internal error". */
@Catch(TagExistsError)
export class TagExistsFilter implements ExceptionFilter<TagExistsError> {
  catch(error: TagExistsError, ctx: Context, call: CallInfo) {
    ctx.log.warning(`${call.name}: ${error.message}`);
    return {
      content: [{ type: 'text', text: `Tag ${error.tag} is taken: pick another version.` }],
      isError: true,
    };
  }
}
