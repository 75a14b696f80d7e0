import pg from 'pg'

/** A connection to the test server's maintenance database, for creating and dropping databases. */
export async function adminConnection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`
