import sharp from 'sharp';
const [,, name] = process.argv;
const dir = '/tmp/budgetb-shots';
const a = sharp(`${dir}/before/${name}`); const b = sharp(`${dir}/after/${name}`);
const ma = await a.metadata(), mb = await b.metadata();
const w = ma.width + mb.width + 20, h = Math.max(ma.height, mb.height);
await sharp({ create: { width: w, height: h, channels: 3, background: '#ff0000' } })
  .composite([{ input: `${dir}/before/${name}`, left: 0, top: 0 }, { input: `${dir}/after/${name}`, left: ma.width + 20, top: 0 }])
  .png().toFile(`${dir}/side/${name}`);
