import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

@Tools()
export class SecurityTools {
  @Tool({ description: 'Turns on two-factor sign-in, in whatever way this client can ask' })
  async enableTwoFactor(@Ctx() ctx: Context): Promise<string> {
    // The modes of this request; undefined when the client declared no elicitation at all.
    const modes = ctx.clientCapabilities.elicitation;
    if (!modes) return 'Visit https://example.com/security to turn on two-factor sign-in.';

    const page = ElicitRequestParams.url('https://example.com/security/2fa', 'Scan the QR code on this page');
    if (modes.allows(page)) {
      const visit = await ctx.elicit('qr-page', page);
      return visit.accepted ? 'Finish the setup on the page.' : 'Two-factor sign-in stays off.';
    }

    // A form-only client: fall back to a code typed into a form.
    const code = await ctx.elicit(
      'code',
      ElicitRequestParams.form('Enter the 6-digit code we emailed you').withRequired('code', 'string'),
    );
    return code.accepted ? 'Two-factor sign-in is on.' : 'Two-factor sign-in stays off.';
  }
}
