// A Node module hook that makes the packages named in CDMS_HIDE_PACKAGES
// unresolvable, exactly as when they are not installed: for tests of an
// optional peer dependency's absence in a real process.
import { register } from 'node:module';

const hidden = (process.env.CDMS_HIDE_PACKAGES ?? '').split(',').filter(Boolean);

register(
  `data:text/javascript,${encodeURIComponent(`
const hidden = ${JSON.stringify(hidden)};
export async function resolve(specifier, context, next) {
  if (hidden.some((name) => specifier === name || specifier.startsWith(name + '/'))) {
    const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`)}`,
);
