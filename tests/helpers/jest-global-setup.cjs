module.exports = require('./jest-global.cjs').setup;
