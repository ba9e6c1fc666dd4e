module.exports = require('./jest-global.cjs').teardown;
