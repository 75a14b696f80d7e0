export * from './catalogue.ts'
export * from './community.ts'
export * from './market.ts'
export * from './users.ts'
