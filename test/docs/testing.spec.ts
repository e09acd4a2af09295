import 'reflect-metadata';
import { expirySuite } from '../../docs/snippets/testing/expiry.suite.js';
import { httpSuite } from '../../docs/snippets/testing/http.suite.js';
import { orderSuite } from '../../docs/snippets/testing/order.suite.js';

describe('Testing guide', () => {
  orderSuite();
  expirySuite();
  httpSuite();
});
