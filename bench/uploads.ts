/**
 * Upload processing (DESIGN §6 and §9, issue 14 part 5): how long the real processing function
 * (`processImage`: sniff, read the header, decode, turn upright, encode the display size and the thumbnail)
 * takes per photo, and how much the process's memory grows while it runs, for a 12-megapixel JPEG (a phone
 * photo) and a 40-megapixel PNG (the largest photo taken). No database and no server: seconds, not minutes.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { processImage } from '#server/modules/objects/image-processing.ts'

export interface UploadBenchRow {
  name: string
  bytes: number
  runs: number
  p50: number
  p99: number
  max: number
  /** The process's peak resident memory (the kernel's count) above what it held before the first photo. */
  peakRssGrowthMb: number
}

const PHOTOS = [
  {
    name: 'upload processing, 12 MP JPEG (4000 × 3000)',
    format: 'jpeg',
    width: 4000,
    height: 3000,
    runs: 20,
  },
  { name: 'upload processing, 40 MP PNG (8000 × 5000)', format: 'png', width: 8000, height: 5000, runs: 8 },
] as const

/** What one measuring process reports. */
interface Measured {
  times: number[]
  baselineRss: number
  peakRss: number
}

/**
 * Each photo is measured in a process of its own (this file, run with the photo's path), so its peak memory
 * is its own: not the picture generated here, nor what an earlier photo left in the allocator.
 */
export async function benchUploadProcessing(
  only: string | undefined,
  log: (message: string) => void,
): Promise<UploadBenchRow[]> {
  const rows: UploadBenchRow[] = []
  const work = mkdtempSync(path.join(tmpdir(), 'brickfolio-bench-uploads-'))
  try {
    for (const photo of PHOTOS.filter((row) => !only || row.name.includes(only))) {
      log(photo.name)
      const file = path.join(work, `photo.${photo.format}`)
      const bytes = await makePhoto(photo.format, photo.width, photo.height)
      writeFileSync(file, bytes)
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, file, String(photo.runs)],
        { cwd: path.resolve(import.meta.dirname, '..'), maxBuffer: 1024 * 1024 },
      )
      const measured = JSON.parse(stdout) as Measured
      const times = measured.times.sort((a, b) => a - b)
      rows.push({
        name: photo.name,
        bytes: bytes.length,
        runs: photo.runs,
        p50: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        max: times[times.length - 1] ?? 0,
        peakRssGrowthMb: Math.round((measured.peakRss - measured.baselineRss) / 1024 / 1024),
      })
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return rows
}

/** In the measuring process: the photo once to warm up (libvips loads its codecs), then `runs` timed runs. */
async function measure(file: string, runs: number): Promise<Measured> {
  const bytes = readFileSync(file)
  const baselineRss = process.memoryUsage().rss
  await processImage(bytes)
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    await processImage(bytes)
    times.push(performance.now() - started)
  }
  return { times, baselineRss, peakRss: process.resourceUsage().maxRSS * 1024 }
}

export function uploadProcessingTable(rows: UploadBenchRow[]): string[] {
  if (rows.length === 0) return []
  return [
    '',
    'Upload processing (processImage: header check, decode, orient, WebP display ≤ 1600 px and thumbnail ≤ 400 px), one photo at a time:',
    '',
    '| photo | file | runs | p50 ms | p99 ms | max ms | peak RSS growth |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${(row.bytes / 1024 / 1024).toFixed(1)} MB | ${row.runs} | ${Math.round(row.p50)} | ${Math.round(row.p99)} | ${Math.round(row.max)} | ${row.peakRssGrowthMb} MB |`,
    ),
  ]
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0

/**
 * A photo-like picture: smooth gradients with fine noise, so the JPEG is the size a camera's is (a few MB)
 * and the PNG compresses as a real 40-megapixel picture does, under the 8 MB upload limit.
 */
async function makePhoto(format: 'jpeg' | 'png', width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      // The JPEG gets sensor-like noise; a PNG (a screenshot, a render) is smooth, or it would not fit 8 MB.
      const noise = format === 'jpeg' ? ((x * 7919 + y * 104_729) % 29) - 14 : 0
      pixels[at] = clamp((255 * x) / width + noise)
      pixels[at + 1] = clamp((255 * y) / height + noise)
      pixels[at + 2] = clamp(128 + 64 * Math.sin((x + y) / 300) + noise)
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer()
}

if (process.argv[1] === import.meta.filename) {
  const [file, runs] = process.argv.slice(2)
  console.log(JSON.stringify(await measure(file as string, Number(runs))))
}
