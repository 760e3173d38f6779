/** The download ids of spec §9, by name, so code says `downloadIds.blocks` rather than 1677666. */
export const downloadIds = {
  addons: 4372,
  documentation: 342422,
  notification: 99658,
  embed: 414494,
  links: 764539,
  scheduling: 78593,
  blocks: 1677666,
  payment: 1738966,
  agencyBundle: 474227,
  anotherLifetime: 9791,
  aiChatbot: 1882016,
} as const;
