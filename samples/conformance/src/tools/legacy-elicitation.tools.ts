import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import type { ElicitResult } from 'elicitor';
import { ContactDetailsForm } from '../forms/contact-details.form.js';
import { EnumVariantsForm } from '../forms/enum-variants.form.js';
import { ProfileDefaultsForm } from '../forms/profile-defaults.form.js';

export class ElicitationArgs {
  @Field({ description: 'The message to show the user' }) message!: string;
}

function describe(answer: ElicitResult<object>): string {
  return `action=${answer.action}, content=${JSON.stringify(answer.content() ?? {})}`;
}

/**
 * The 2025-era elicitation scenarios. On a legacy session each `ctx.elicit` is pushed to the client as a
 * real `elicitation/create` request and the handler waits for the answer; on 2026-07-28 the same code
 * returns `input_required` and resumes on the retry.
 */
@Tools()
export class LegacyElicitationTools {
  @Tool({ name: 'test_elicitation', description: 'Asks the user for a user name and an email address' })
  async elicitation(@Args() args: ElicitationArgs, @Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'contact',
      ElicitRequestParams.form(args.message).withSchema(ContactDetailsForm),
    );
    return `User response: ${describe(answer)}`;
  }

  @Tool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Asks with a form that has a default on every field (SEP-1034)',
  })
  async elicitationDefaults(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'profile',
      ElicitRequestParams.form('Please review your profile; every field has a default').withSchema(
        ProfileDefaultsForm,
      ),
    );
    return `Elicitation completed: ${describe(answer)}`;
  }

  @Tool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Asks with a form that uses all five enum shapes (SEP-1330)',
  })
  async elicitationEnums(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'choices',
      ElicitRequestParams.form('Please pick from each kind of list').withSchema(EnumVariantsForm),
    );
    return `Elicitation completed: ${describe(answer)}`;
  }
}
