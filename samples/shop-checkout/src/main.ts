import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { ShopCheckoutModule, shopCheckoutOptions } from './shop-checkout.module.js';

const app = await Elicitor.create(ShopCheckoutModule, shopCheckoutOptions);
await app.run('shop-checkout');
