import {
  COURSE_CODE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_COURSE_CODES,
  MAX_IMAGES,
  TITLE_MAX_LENGTH,
} from '../constants';
import { PRODUCT_READ_MESSAGES } from './product-read-messages';

/*
 * Kept apart from the zod schemas (products.ts) so the web pages that only show texts do not
 * load zod.
 */
const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/** Spanish messages of spec sections 5 and 8, shared by the forms and the API. */
export const PRODUCT_MESSAGES = {
  ...PRODUCT_READ_MESSAGES,
  titleRequired: 'El título es obligatorio',
  titleTooLong: `El título no puede tener más de ${TITLE_MAX_LENGTH} caracteres`,
  descriptionRequired: 'La descripción es obligatoria',
  descriptionTooLong: `La descripción no puede tener más de ${DESCRIPTION_MAX_LENGTH} caracteres`,
  priceRequired: 'El precio es obligatorio',
  priceInvalid: 'Ingresa un precio válido',
  pricePositive: 'El precio debe ser mayor a 0.',
  priceTooHigh: 'El precio no puede superar $ 999.999.999',
  locationRequired: 'La ubicación es obligatoria',
  locationTooLong: `La ubicación no puede tener más de ${LOCATION_MAX_LENGTH} caracteres`,
  conditionRequired: 'Selecciona el estado del producto',
  categoryRequired: 'Selecciona una categoría',
  categoryUnknown: 'La categoría seleccionada no existe.',
  tooManyImages: `Máximo ${MAX_IMAGES} imágenes permitidas.`,
  oneImageOnly: 'Envía una sola imagen en el campo "file".',
  imageTooLarge: (file: string) =>
    `El archivo "${file}" es demasiado grande. Máximo ${MAX_IMAGE_MB}MB permitido por imagen.`,
  imageUnsupported: (file: string) =>
    `El archivo "${file}" no es una imagen válida. Usa fotos JPEG, PNG o WebP.`,
  imageTooManyPixels: (file: string) =>
    `La imagen "${file}" tiene demasiados píxeles. Redúcela (por ejemplo a 4000 × 3000) e inténtalo de nuevo.`,
  imageTooManyBytes: (file: string) =>
    `La imagen "${file}" ocupa demasiado al abrirla (muchos píxeles o colores de 16 bits). Guárdala como JPEG o redúcela (por ejemplo a 4000 × 3000) e inténtalo de nuevo.`,
  imagesBusyForAccount:
    'Todavía estamos procesando otras fotos tuyas. Espera a que terminen e inténtalo de nuevo.',
  imagesBusy:
    'Estamos procesando muchas fotos en este momento. Inténtalo de nuevo en unos segundos.',
  noFiles: 'Selecciona al menos una imagen.',
  imageNotUploaded:
    'Alguna de las imágenes no es válida o ya no está disponible. Vuelve a subirla e inténtalo de nuevo.',
  notOwner: 'Solo el vendedor puede modificar este producto.',
  idMismatch: 'El id del cuerpo no coincide con el de la ruta.',
  sellerMismatch: 'Solo puedes publicar productos a tu nombre.',
  soldNotEditable: 'Este producto ya se vendió y no se puede editar.',
  hasAcceptedSale:
    'No se puede eliminar este producto porque tiene una venta aceptada. Consérvalo como vendido.',
  priceRange: 'El precio mínimo no puede ser mayor que el máximo.',
  priceFilterNegative: 'El precio no puede ser negativo.',
  conditionFilterInvalid: 'El estado debe ser NUEVO, SEMINUEVO o USADO.',
  createError: 'Error al publicar el producto',
  createSuccess: '¡Producto publicado exitosamente! Redirigiendo...',
  categoriesError: 'Error cargando categorías',
  editImagesError: 'Error al subir imagen o actualizar producto',
  editError: 'Error al actualizar el producto.',
  deleteConfirm: 'Seguro que deseas eliminar este producto?',
  deleteServerError:
    'No se pudo eliminar el producto. Puede que tenga ventas asociadas o un error interno del servidor.',
  deleteError: 'Error al eliminar el producto.',
  markSoldError: 'Error al marcar como vendido.',
  tooManyCourses: `Puedes indicar como máximo ${MAX_COURSE_CODES} códigos de curso.`,
  courseTooLong: `Un código de curso no puede tener más de ${COURSE_CODE_MAX_LENGTH} caracteres.`,
  courseFormat: (code: string) => `«${code}» no es un código de curso válido (por ejemplo MAT101).`,
  courseUnknown: (code: string) => `«${code}» no está en la lista de cursos de la universidad.`,
  courseFilterInvalid: 'El código de curso no es válido.',
  expired: 'Caducado',
  renew: 'Renovar',
  renewError: 'No se pudo renovar la publicación. Inténtalo de nuevo.',
  renewSuccess: 'Publicación renovada: vuelve a aparecer en las búsquedas.',
  soldNotRenewable: 'Un producto vendido o reservado no caduca ni se renueva.',
  expiredHint: 'Caducó y no aparece en las búsquedas. Renuévala para publicarla de nuevo.',
} as const;
