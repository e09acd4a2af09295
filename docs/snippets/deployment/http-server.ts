import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { ShopModule, shopOptions } from '../elicitation/shop.module.js';
import { RequireSignIn } from './require-sign-in.interceptor.js';
import { verifyToken } from './tokens.js';

export async function startHttpServer(env: NodeJS.ProcessEnv = process.env) {
  const app = await Elicitor.create(ShopModule, { ...shopOptions, interceptors: [RequireSignIn] });
  const { url } = await app.listen({
    http: {
      port: Number(env.PORT ?? 3000),
      host: env.HOST ?? '0.0.0.0', // the default is 127.0.0.1: reachable from this machine only
      path: '/mcp', // the default
      // Host and Origin headers must name one of these (DNS-rebinding protection).
      // The default allows only localhost names.
      allowedHosts: ['shop.example.com', 'localhost', '127.0.0.1'],
      // Who is calling: becomes ctx.authInfo and ctx.principal, and binds every requestState.
      authenticate: (request) => {
        const token = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
        const user = token === undefined ? undefined : verifyToken(token);
        return user === undefined ? undefined : { token: token!, clientId: user, scopes: [] };
      },
    },
  });
  return { app, url: url! };
}
