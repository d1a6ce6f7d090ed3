// Where plain Node resolves the package's own name from the repository: the
// built files, through package.json "exports" (tsx would say src/).
process.stdout.write(
  `${JSON.stringify({ index: import.meta.resolve('cdms-sdk'), sandbox: import.meta.resolve('cdms-sdk/sandbox') })}\n`,
);
