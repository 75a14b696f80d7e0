import { z } from 'zod'
import { loadConfig } from '../config.ts'
import { openConfiguredDatabase } from '../db/open.ts'
import { allowEmail, listAllowedEmails, revokeEmail, updateUserByEmail } from '../modules/admin/admin.repo.ts'
import { rebuildAllPrices } from '../modules/market/market.rebuild.ts'
import { printFailure } from './print-failure.ts'

const usage = `Usage: npm run admin -- <command>

  beta:allow <email>        let this e-mail into the private beta
  beta:revoke <email>       take it off the access list
  beta:list                 show the access list
  user:make-admin <email>   make the user an admin (admins always have access)
  user:trust <email>        trust the user: their sales are verified on entry and they may verify others'
  user:untrust <email>      stop trusting the user: their sales wait for a moderator again
  snapshots:rebuild         recompute every fair price, price history and per-condition statistic from the sales

Uses DATABASE_URL when set, else the embedded database in PGLITE_DIR.`

/** The user commands: what each changes, and what it says when done. */
const USER_CHANGES = {
  'user:make-admin': { change: { role: 'admin' }, done: 'is now an admin' },
  'user:trust': { change: { isTrusted: true }, done: 'is now trusted' },
  'user:untrust': { change: { isTrusted: false }, done: 'is no longer trusted' },
} as const

const emailSchema = z.email({ message: 'is not an e-mail address' })

async function main(args: string[]): Promise<number> {
  const [command, rawEmail] = args
  const needsEmail = command !== 'beta:list' && command !== 'snapshots:rebuild'
  const known = [
    'beta:allow',
    'beta:revoke',
    'beta:list',
    'user:make-admin',
    'user:trust',
    'user:untrust',
    'snapshots:rebuild',
  ]
  if (!command || !known.includes(command) || (needsEmail && !rawEmail)) {
    console.error(usage)
    return 2
  }
  const email = rawEmail?.trim().toLowerCase() ?? ''
  if (needsEmail && !emailSchema.safeParse(email).success) {
    console.error(`"${rawEmail}" is not an e-mail address`)
    return 2
  }
  const database = await openConfiguredDatabase({ ...loadConfig(), SEED_DEMO: false })
  try {
    const db = database.db
    switch (command) {
      case 'beta:allow':
        console.log(
          (await allowEmail(db, email)) ? `${email} can now use Brickfolio` : `${email} was already allowed`,
        )
        return 0
      case 'beta:revoke':
        if (await revokeEmail(db, email)) {
          console.log(`${email} is no longer on the access list`)
          return 0
        }
        console.error(`${email} was not on the access list`)
        return 1
      case 'snapshots:rebuild': {
        const started = performance.now()
        const result = await rebuildAllPrices({
          db,
          onProgress: (done, total) =>
            console.error(`  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} items`),
        })
        const seconds = ((performance.now() - started) / 1000).toFixed(1)
        console.log(
          `Rebuilt ${result.snapshots.toLocaleString('en')} snapshots and ${result.historyPoints.toLocaleString('en')} history points for ${result.items.toLocaleString('en')} items in ${seconds} s`,
        )
        return 0
      }
      case 'beta:list': {
        const rows = await listAllowedEmails(db)
        if (rows.length === 0) console.log('The access list is empty.')
        for (const row of rows) console.log(`${row.email}\t(since ${row.createdAt})`)
        return 0
      }
      default: {
        const { change, done } = USER_CHANGES[command as keyof typeof USER_CHANGES]
        if (await updateUserByEmail(db, email, change)) {
          console.log(`${email} ${done}`)
          return 0
        }
        console.error(`No user has the e-mail ${email}. They need to sign up first.`)
        return 1
      }
    }
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    printFailure(error)
    process.exit(1)
  })
