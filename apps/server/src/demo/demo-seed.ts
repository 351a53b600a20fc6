import { randomBytes } from 'node:crypto';
import { ROLE_USER } from '@unimercado/shared/constants';
import type { ProductCondition } from '@unimercado/shared/constants';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../lib/password';
import { processImage } from '../modules/products/images';
import { rememberTitleWords } from '../modules/products/products.queries';
import { imageFileKeys, type StoredImage } from '../modules/products/uploads';
import type { Storage } from '../plugins/storage';
import type { Database } from '../db/client';
import { seedDemoActivity, type SeededListing } from './demo-activity';
import { renderDemoPhoto, type Drawing } from './demo-photos';
import {
  categories,
  meetupSpots,
  productImages,
  productMeetupSpots,
  products,
  productViews,
  roles,
  userRoles,
  users,
} from '../db/schema';
import type { DEFAULT_CATEGORIES } from '../db/seed';
import { inTransaction } from '../db/tx';

/** Every demo account signs in with this password (README, "Demo data"). */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_USERS = [
  { name: 'Valentina Rojas', email: 'valentina@demo.unimercado.test', phone: '+57 300 555 0101' },
  { name: 'Santiago Herrera', email: 'santiago@demo.unimercado.test', phone: null },
  { name: 'Camila Torres', email: 'camila@demo.unimercado.test', phone: '+57 311 555 0123' },
  { name: 'Mateo Castro', email: 'mateo@demo.unimercado.test', phone: null },
  { name: 'Isabella Moreno', email: 'isabella@demo.unimercado.test', phone: '+57 320 555 0145' },
  { name: 'Daniel Ortiz', email: 'daniel@demo.unimercado.test', phone: null },
] as const;

type Category = (typeof DEFAULT_CATEGORIES)[number];

type DemoListing = {
  seller: number;
  title: string;
  description: string;
  price: number;
  category: Category;
  condition: ProductCondition;
  location: string;
  drawing: Drawing;
  color: string;
  background: string;
  photos: 1 | 2 | 3;
  /** How long ago it was published. */
  hoursAgo: number;
  /** Marked sold by hand (no offer). Sales through offers are demo-activity.ts's. */
  sold?: boolean;
  views?: number;
};

const LISTINGS: DemoListing[] = [
  {
    seller: 0,
    title: 'Cálculo de Stewart, 8.ª edición',
    description:
      'Libro de Cálculo de una variable, trascendentes tempranas. Tiene algunas notas a lápiz en los primeros capítulos, el resto impecable. Ideal para Cálculo I y II.',
    price: 85000,
    category: 'Libros y apuntes',
    condition: 'Usado',
    location: 'Biblioteca Central',
    drawing: 'books',
    color: '#3949ab',
    background: '#e8eaf6',
    photos: 2,
    hoursAgo: 3,
    views: 14,
  },
  {
    seller: 1,
    title: 'Portátil Lenovo IdeaPad 15"',
    description:
      'Ryzen 5, 16 GB de RAM, SSD de 512 GB. Batería dura unas 5 horas. Lo vendo porque me regalaron uno nuevo. Incluye cargador original.',
    price: 1650000,
    category: 'Computadores y accesorios',
    condition: 'Seminuevo',
    location: 'Bloque 19 - Ingeniería',
    drawing: 'laptop',
    color: '#455a64',
    background: '#eceff1',
    photos: 3,
    hoursAgo: 5,
    views: 31,
  },
  {
    seller: 2,
    title: 'Calculadora Casio fx-991LA Plus',
    description:
      'Calculadora científica con resolución de ecuaciones y matrices, permitida en los parciales de Física. Con tapa y pilas nuevas.',
    price: 70000,
    category: 'Electrónica',
    condition: 'Usado',
    location: 'Cafetería principal',
    drawing: 'calculator',
    color: '#37474f',
    background: '#e0f2f1',
    photos: 2,
    hoursAgo: 8,
    views: 9,
  },
  {
    seller: 3,
    title: 'Bicicleta de montaña rin 29',
    description:
      'Marco de aluminio talla M, frenos de disco hidráulicos y 21 cambios. Le cambié las llantas hace un mes. Perfecta para subir a la universidad.',
    price: 980000,
    category: 'Bicicletas y movilidad',
    condition: 'Usado',
    location: 'Parqueadero de bicicletas',
    drawing: 'bike',
    color: '#e53935',
    background: '#fff3e0',
    photos: 3,
    hoursAgo: 12,
    views: 42,
  },
  {
    seller: 4,
    title: 'Escritorio plegable de madera',
    description:
      'Escritorio de 100 × 50 cm que se dobla contra la pared, ideal para habitaciones pequeñas de residencia. Muy firme, sin rayones.',
    price: 140000,
    category: 'Muebles',
    condition: 'Seminuevo',
    location: 'Residencias universitarias',
    drawing: 'desk',
    color: '#8d6e63',
    background: '#efebe9',
    photos: 2,
    hoursAgo: 20,
    views: 11,
  },
  {
    seller: 5,
    title: 'Guitarra acústica Yamaha C40',
    description:
      'Guitarra clásica para aprender, con estuche acolchado y cuerdas nuevas. Afinada y lista para tocar.',
    price: 320000,
    category: 'Instrumentos musicales',
    condition: 'Seminuevo',
    location: 'Edificio de Artes',
    drawing: 'guitar',
    color: '#d4883a',
    background: '#fbe9e7',
    photos: 3,
    hoursAgo: 26,
    views: 18,
  },
  {
    seller: 0,
    title: 'Bata de laboratorio talla S',
    description:
      'Bata blanca de algodón, manga larga, usada un solo semestre en Química General. Lavada y planchada.',
    price: 35000,
    category: 'Material de laboratorio',
    condition: 'Usado',
    location: 'Laboratorio de Química',
    drawing: 'shirt',
    color: '#f4f7fb',
    background: '#9fb4d3',
    photos: 1,
    hoursAgo: 30,
    views: 4,
  },
  {
    seller: 1,
    title: 'iPhone 12 de 128 GB',
    description:
      'Color azul, batería al 86 %. Siempre con protector y funda, la pantalla no tiene rayones. Se entrega con caja y cable.',
    price: 1450000,
    category: 'Celulares y tablets',
    condition: 'Usado',
    location: 'Plazoleta central',
    drawing: 'phone',
    color: '#1e88e5',
    background: '#e1f5fe',
    photos: 3,
    hoursAgo: 34,
    views: 57,
  },
  {
    seller: 2,
    title: 'Silla ergonómica de oficina',
    description:
      'Silla con soporte lumbar y altura regulable. Perfecta para largas sesiones de estudio. Tiene un pequeño desgaste en el apoyabrazos.',
    price: 260000,
    category: 'Muebles',
    condition: 'Usado',
    location: 'Residencias universitarias',
    drawing: 'chair',
    color: '#f9a825',
    background: '#fffde7',
    photos: 2,
    hoursAgo: 40,
    views: 13,
  },
  {
    seller: 3,
    title: 'Microondas Samsung 20 litros',
    description:
      'Funciona perfecto, lo vendo porque me voy de intercambio. Ideal para calentar el almuerzo en el apartamento.',
    price: 180000,
    category: 'Electrodomésticos',
    condition: 'Usado',
    location: 'Portería norte',
    drawing: 'microwave',
    color: '#c62828',
    background: '#fce4ec',
    photos: 2,
    hoursAgo: 46,
    views: 8,
  },
  {
    seller: 4,
    title: 'Buzo de la universidad talla M',
    description: 'Buzo oficial con capota, color morado. Solo lo usé dos veces, me quedó grande.',
    price: 60000,
    category: 'Ropa',
    condition: 'Seminuevo',
    location: 'Coliseo',
    drawing: 'hoodie',
    color: '#6200ea',
    background: '#ede7f6',
    photos: 2,
    hoursAgo: 52,
    views: 22,
  },
  {
    seller: 5,
    title: 'Tenis para correr talla 41',
    description:
      'Tenis livianos con buena amortiguación, usados unos 100 km. Limpios y sin olores.',
    price: 150000,
    category: 'Calzado y accesorios',
    condition: 'Usado',
    location: 'Coliseo',
    drawing: 'sneaker',
    color: '#00897b',
    background: '#e0f2f1',
    photos: 3,
    hoursAgo: 60,
    views: 10,
  },
  {
    seller: 0,
    title: 'Balón de fútbol Golty #5',
    description:
      'Balón profesional cosido a mano, ideal para los torneos internos. Nuevo, con etiqueta.',
    price: 90000,
    category: 'Deporte',
    condition: 'Nuevo',
    location: 'Canchas deportivas',
    drawing: 'ball',
    color: '#212121',
    background: '#e8f5e9',
    photos: 1,
    hoursAgo: 70,
    views: 6,
  },
  {
    seller: 1,
    title: 'Monitor LG 24" Full HD',
    description:
      'Monitor IPS con entrada HDMI, perfecto como segunda pantalla para programar. Incluye cable HDMI.',
    price: 420000,
    category: 'Computadores y accesorios',
    condition: 'Seminuevo',
    location: 'Bloque 19 - Ingeniería',
    drawing: 'monitor',
    color: '#263238',
    background: '#eceff1',
    photos: 2,
    hoursAgo: 80,
    views: 27,
  },
  {
    seller: 2,
    title: 'Audífonos inalámbricos Sony',
    description:
      'Audífonos con cancelación de ruido, hasta 30 horas de batería. Perfectos para estudiar en la biblioteca.',
    price: 380000,
    category: 'Electrónica',
    condition: 'Seminuevo',
    location: 'Biblioteca Central',
    drawing: 'headphones',
    color: '#424242',
    background: '#f3e5f5',
    photos: 2,
    hoursAgo: 90,
    views: 35,
  },
  {
    seller: 3,
    title: 'Apuntes de Física Mecánica',
    description:
      'Cuaderno completo con todos los temas del semestre, ejercicios resueltos y resúmenes para el final. Letra clara.',
    price: 25000,
    category: 'Libros y apuntes',
    condition: 'Usado',
    location: 'Biblioteca Central',
    drawing: 'notebook',
    color: '#e53935',
    background: '#fff8e1',
    photos: 1,
    hoursAgo: 100,
    views: 19,
  },
  {
    seller: 4,
    title: 'Lámpara de escritorio LED',
    description:
      'Lámpara con brazo articulado y tres niveles de brillo, conexión USB. No cansa la vista.',
    price: 55000,
    category: 'Hogar y cocina',
    condition: 'Nuevo',
    location: 'Residencias universitarias',
    drawing: 'lamp',
    color: '#5e35b1',
    background: '#ede7f6',
    photos: 2,
    hoursAgo: 110,
    views: 7,
  },
  {
    seller: 5,
    title: 'Patineta eléctrica Xiaomi',
    description:
      'Autonomía de 20 km, velocidad máxima 25 km/h. Incluye cargador. Ideal para moverse por el campus.',
    price: 1100000,
    category: 'Bicicletas y movilidad',
    condition: 'Usado',
    location: 'Parqueadero de bicicletas',
    drawing: 'scooter',
    color: '#212121',
    background: '#e3f2fd',
    photos: 3,
    hoursAgo: 125,
    views: 48,
  },
  {
    seller: 0,
    title: 'Tablet Samsung Galaxy Tab A8',
    description:
      'Pantalla de 10,5", 64 GB. Ideal para leer PDF y tomar apuntes. Con funda teclado.',
    price: 690000,
    category: 'Celulares y tablets',
    condition: 'Seminuevo',
    location: 'Plazoleta central',
    drawing: 'tablet',
    color: '#5c6bc0',
    background: '#e8eaf6',
    photos: 2,
    hoursAgo: 140,
    views: 24,
  },
  {
    seller: 1,
    title: 'Matraces Erlenmeyer (juego de 3)',
    description: 'Tres matraces de vidrio borosilicato de 250 ml. Sin despicados, lavados.',
    price: 45000,
    category: 'Material de laboratorio',
    condition: 'Usado',
    location: 'Laboratorio de Química',
    drawing: 'flask',
    color: '#00acc1',
    background: '#e0f7fa',
    photos: 2,
    hoursAgo: 155,
    views: 5,
  },
  {
    seller: 2,
    title: 'Mini nevera para habitación',
    description: 'Nevera de 90 litros, silenciosa y de bajo consumo. Cabe debajo del escritorio.',
    price: 450000,
    category: 'Electrodomésticos',
    condition: 'Usado',
    location: 'Residencias universitarias',
    drawing: 'fridge',
    color: '#90a4ae',
    background: '#eceff1',
    photos: 2,
    hoursAgo: 170,
    views: 16,
  },
  {
    seller: 3,
    title: 'Morral impermeable 30 L',
    description:
      'Morral con compartimiento acolchado para portátil de 15", varios bolsillos y botella. Color verde.',
    price: 95000,
    category: 'Calzado y accesorios',
    condition: 'Seminuevo',
    location: 'Portería norte',
    drawing: 'backpack',
    color: '#2e7d32',
    background: '#f1f8e9',
    photos: 2,
    hoursAgo: 190,
    views: 12,
  },
  {
    seller: 4,
    title: 'Teclado musical Casio 61 teclas',
    description:
      'Teclado con 400 sonidos y atril. Incluye adaptador de corriente. Perfecto para empezar.',
    price: 390000,
    category: 'Instrumentos musicales',
    condition: 'Usado',
    location: 'Edificio de Artes',
    drawing: 'keyboard',
    color: '#37474f',
    background: '#fce4ec',
    photos: 3,
    hoursAgo: 210,
    views: 20,
  },
  {
    seller: 5,
    title: 'Raqueta de tenis Wilson',
    description: 'Raqueta de grafito con funda y tres bolas. Encordado reciente.',
    price: 210000,
    category: 'Deporte',
    condition: 'Seminuevo',
    location: 'Canchas deportivas',
    drawing: 'racket',
    color: '#c62828',
    background: '#fff3e0',
    photos: 2,
    hoursAgo: 230,
    views: 9,
  },
  {
    seller: 0,
    title: 'Hervidor eléctrico 1,7 L',
    description:
      'Hervidor de acero inoxidable con apagado automático. Ideal para el café de las mañanas.',
    price: 48000,
    category: 'Hogar y cocina',
    condition: 'Nuevo',
    location: 'Residencias universitarias',
    drawing: 'kettle',
    color: '#f9a825',
    background: '#fffde7',
    photos: 1,
    hoursAgo: 250,
    views: 3,
  },
  {
    seller: 1,
    title: 'Microscopio escolar 1000x',
    description:
      'Microscopio óptico con luz LED y set de placas preparadas. Útil para Biología Celular.',
    price: 350000,
    category: 'Material de laboratorio',
    condition: 'Usado',
    location: 'Laboratorio de Biología',
    drawing: 'microscope',
    color: '#1565c0',
    background: '#e3f2fd',
    photos: 2,
    hoursAgo: 270,
    views: 15,
  },
  {
    seller: 2,
    title: 'Sartén antiadherente 28 cm',
    description: 'Sartén con recubrimiento cerámico, apta para todo tipo de estufas. Sin rayones.',
    price: 40000,
    category: 'Hogar y cocina',
    condition: 'Seminuevo',
    location: 'Residencias universitarias',
    drawing: 'pan',
    color: '#00796b',
    background: '#e0f2f1',
    photos: 1,
    hoursAgo: 290,
    views: 2,
  },
  {
    seller: 3,
    title: 'Camiseta selección Colombia',
    description: 'Camiseta oficial talla L, edición 2024. Original, con etiquetas.',
    price: 130000,
    category: 'Ropa',
    condition: 'Nuevo',
    location: 'Plazoleta central',
    drawing: 'shirt',
    color: '#fdd835',
    background: '#fffde7',
    photos: 2,
    hoursAgo: 320,
    views: 30,
  },
  {
    seller: 4,
    title: 'Planta suculenta con matera',
    description:
      'Suculenta sana en matera de barro, muy fácil de cuidar. Alegra cualquier escritorio.',
    price: 18000,
    category: 'Otros',
    condition: 'Nuevo',
    location: 'Jardín botánico',
    drawing: 'plant',
    color: '#43a047',
    background: '#f1f8e9',
    photos: 1,
    hoursAgo: 350,
    views: 6,
  },
  {
    seller: 5,
    title: 'Mug térmico de la universidad',
    description: 'Mug de doble pared que mantiene el tinto caliente toda la clase. Nuevo.',
    price: 30000,
    category: 'Otros',
    condition: 'Nuevo',
    location: 'Cafetería principal',
    drawing: 'mug',
    color: '#6200ea',
    background: '#ede7f6',
    photos: 1,
    hoursAgo: 380,
    views: 4,
  },
  {
    seller: 0,
    title: 'Álgebra lineal de Grossman',
    description:
      'Sexta edición, en buen estado. Incluye solucionario impreso de los capítulos 1 a 5.',
    price: 60000,
    category: 'Libros y apuntes',
    condition: 'Usado',
    location: 'Biblioteca Central',
    drawing: 'books',
    color: '#00897b',
    background: '#e0f2f1',
    photos: 2,
    hoursAgo: 420,
    views: 11,
  },
  {
    seller: 1,
    title: 'Caja de mudanza con utensilios',
    description:
      'Caja con platos, vasos y cubiertos para 4 personas. Todo lo necesario para empezar en el apartamento.',
    price: 75000,
    category: 'Otros',
    condition: 'Usado',
    location: 'Portería norte',
    drawing: 'box',
    color: '#f9a825',
    background: '#fff8e1',
    photos: 1,
    hoursAgo: 460,
    views: 8,
  },
  // Sold weeks ago (demo-activity.ts sells the first three through accepted offers; the last was
  // marked sold by hand): the dashboard's "Vendidos" tab and the VENDIDO banner.
  {
    seller: 0,
    title: 'Audífonos de diadema JBL',
    description: 'Audífonos con cable, buen bajo. Incluyen el estuche.',
    price: 120000,
    category: 'Electrónica',
    condition: 'Usado',
    location: 'Biblioteca Central',
    drawing: 'headphones',
    color: '#1e88e5',
    background: '#e3f2fd',
    photos: 1,
    hoursAgo: 500,
    views: 25,
  },
  {
    seller: 1,
    title: 'Bicicleta urbana plegable',
    description: 'Bicicleta rin 20 plegable, liviana. Cabe en el bus.',
    price: 560000,
    category: 'Bicicletas y movilidad',
    condition: 'Seminuevo',
    location: 'Parqueadero de bicicletas',
    drawing: 'bike',
    color: '#00897b',
    background: '#e0f2f1',
    photos: 2,
    hoursAgo: 530,
    views: 38,
  },
  {
    seller: 2,
    title: 'Portátil HP para oficina',
    description: 'Core i5, 8 GB de RAM. Ideal para trabajos y clases virtuales.',
    price: 900000,
    category: 'Computadores y accesorios',
    condition: 'Usado',
    location: 'Bloque 19 - Ingeniería',
    drawing: 'laptop',
    color: '#616161',
    background: '#f5f5f5',
    photos: 1,
    hoursAgo: 560,
    views: 44,
  },
  {
    seller: 4,
    title: 'Silla de escritorio básica',
    description: 'Silla giratoria sencilla. Vendida.',
    price: 90000,
    category: 'Muebles',
    condition: 'Usado',
    location: 'Residencias universitarias',
    drawing: 'chair',
    color: '#3949ab',
    background: '#e8eaf6',
    photos: 1,
    hoursAgo: 600,
    sold: true,
    views: 12,
  },
];

export type DemoSeedResult = { created: boolean; users: number; listings: number; photos: number };

/**
 * `npm run db:seed -- --demo` (never automatic): demo accounts (verified, password DEMO_PASSWORD),
 * a few dozen listings with generated photos, and what happened between the accounts (offers,
 * sales, reviews, conversations, favourites and their notifications: demo-activity.ts), so a
 * newcomer's first look shows a living marketplace. All in one transaction; it runs once: when
 * the demo accounts exist it changes nothing.
 */
export const seedDemoData = async (deps: {
  db: Database;
  storage: Storage;
  passwords: PasswordHasher;
  now: () => Date;
}): Promise<DemoSeedResult> => {
  const { db, storage } = deps;
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_USERS.map((user) => user.email),
      ),
    );
  if (existing.length > 0) return { created: false, users: 0, listings: 0, photos: 0 };

  const categoryRows = await db.select().from(categories);
  const categoryId = (name: Category) => {
    const found = categoryRows.find((row) => row.name === name);
    if (!found) throw new Error(`Falta la categoría ${name}: ejecuta primero npm run db:seed`);
    return found.id;
  };
  const [userRole] = await db.select().from(roles).where(eq(roles.name, ROLE_USER));
  if (!userRole) throw new Error('Falta el rol ROLE_USER: ejecuta primero npm run db:seed');

  // Photos first (the slow part), outside the transaction; removed again if it fails.
  const now = deps.now();
  const photos: StoredImage[][] = [];
  const written: string[] = [];
  try {
    for (const listing of LISTINGS) {
      const listingPhotos: StoredImage[] = [];
      for (let shot = 0; shot < listing.photos; shot += 1) {
        const jpeg = await renderDemoPhoto(
          listing.drawing,
          listing.color,
          listing.background,
          shot,
        );
        const { large, thumbnail } = await processImage(jpeg, 'demo.jpg');
        const base = `products/demo/${randomBytes(12).toString('hex')}`;
        const image: StoredImage = {
          key: `${base}.webp`,
          thumbnailKey: `${base}-t.webp`,
          width: large.width,
          height: large.height,
          thumbnailWidth: thumbnail.width,
          thumbnailHeight: thumbnail.height,
          sizeBytes: large.data.byteLength + thumbnail.data.byteLength,
        };
        await storage.put(image.key, large.data, { contentType: 'image/webp' });
        written.push(image.key);
        await storage.put(image.thumbnailKey, thumbnail.data, { contentType: 'image/webp' });
        written.push(image.thumbnailKey);
        listingPhotos.push(image);
      }
      photos.push(listingPhotos);
    }

    const passwordHash = await deps.passwords.hash(DEMO_PASSWORD);
    await inTransaction(db, async (tx) => {
      const created = await tx
        .insert(users)
        .values(
          DEMO_USERS.map((user, index) => ({
            ...user,
            passwordHash,
            emailVerifiedAt: now,
            createdAt: new Date(now.getTime() - (60 + index) * 24 * 3_600_000),
          })),
        )
        .returning({ id: users.id });
      await tx
        .insert(userRoles)
        .values(created.map((user) => ({ userId: user.id, roleId: userRole.id })));
      const seeded = new Map<string, SeededListing>();
      for (const [index, listing] of LISTINGS.entries()) {
        const publishedAt = new Date(now.getTime() - listing.hoursAgo * 3_600_000);
        const [product] = await tx
          .insert(products)
          .values({
            sellerId: created[listing.seller]!.id,
            categoryId: categoryId(listing.category),
            title: listing.title,
            description: listing.description,
            price: listing.price,
            condition: listing.condition,
            location: listing.location,
            isSold: listing.sold ?? false,
            soldAt: listing.sold ? new Date(publishedAt.getTime() + 48 * 3_600_000) : null,
            createdAt: publishedAt,
            updatedAt: listing.sold
              ? new Date(publishedAt.getTime() + 48 * 3_600_000)
              : publishedAt,
          })
          .returning({ id: products.id });
        await rememberTitleWords(tx, listing.title);
        seeded.set(listing.title, {
          id: product!.id,
          sellerId: created[listing.seller]!.id,
          publishedAt,
        });
        await tx.insert(productImages).values(
          photos[index]!.map((image, position) => ({
            ...image,
            productId: product!.id,
            position,
          })),
        );
        const views = listing.views ?? 0;
        if (views > 0) {
          await tx.insert(productViews).values(
            Array.from({ length: views }, (_, view) => ({
              productId: product!.id,
              day: new Date(
                Math.min(now.getTime(), publishedAt.getTime() + (view % 5) * 86_400_000),
              )
                .toISOString()
                .slice(0, 10),
              viewer: `a:demo${index}-${view}`,
            })),
          );
        }
      }
      // Sellers mark two of the campus meet-up spots on each listing still for sale (decision 082).
      const spots = await tx
        .select({ id: meetupSpots.id })
        .from(meetupSpots)
        .where(eq(meetupSpots.isActive, true))
        .orderBy(asc(meetupSpots.id));
      if (spots.length >= 2) {
        const marks = LISTINGS.flatMap((listing, index) =>
          listing.sold
            ? []
            : [0, 1].map((step) => ({
                productId: seeded.get(listing.title)!.id,
                spotId: spots[(index + step) % spots.length]!.id,
              })),
        );
        await tx.insert(productMeetupSpots).values(marks);
      }
      await seedDemoActivity(
        tx,
        { storage, seededAt: now },
        created.map((user) => user.id),
        seeded,
      );
    });
  } catch (error) {
    await storage.deleteMany(written).catch(() => undefined);
    throw error;
  }
  return {
    created: true,
    users: DEMO_USERS.length,
    listings: LISTINGS.length,
    photos: imageFileKeys(photos.flat()).length / 2,
  };
};
