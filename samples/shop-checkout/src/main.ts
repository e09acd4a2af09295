import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { shopCheckoutModule } from './shop-checkout.module.js';

const app = await Elicitor.create(shopCheckoutModule);
await app.run('shop-checkout');
