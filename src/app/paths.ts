// The builders live in src/shared (the server's push links use them too); features keep importing them from here.
export * from '#/shared/paths';
