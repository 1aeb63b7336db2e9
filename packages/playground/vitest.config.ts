import shared from '../../vitest.shared.js';

export default {
  test: {
    ...shared.test,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
};
