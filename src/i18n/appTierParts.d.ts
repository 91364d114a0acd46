/** `src/i18n/app/<locale>.json?part=<part>`: one part of an app-tier catalogue (see tiers.ts and buildPlugin.ts). */
declare module '*.json?part=core' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=management' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=formRoute' {
  const messages: Record<string, string>;
  export default messages;
}
