/** Spanish texts of the profile's 'Llaves de acceso' section (decision 067). */
export const PASSKEY_TEXTS = {
  title: 'Llaves de acceso',
  description:
    'Entra sin escribir tu contraseña, con la huella, el rostro o el bloqueo de pantalla de tu dispositivo.',
  empty: 'Aún no tienes llaves de acceso. Añade una para entrar más rápido y de forma segura.',
  add: 'Añadir llave de acceso',
  added: (date: string) => `Añadida el ${date}`,
  lastUsed: (date: string) => `Último uso: ${date}`,
  neverUsed: 'Aún no se ha usado',
  remove: 'Eliminar',
  removeTitle: 'Eliminar llave de acceso',
  removeConfirm: (name: string) =>
    `¿Seguro que deseas eliminar «${name}»? Ya no podrás entrar con ella.`,
  removing: 'Eliminando...',
  cancel: 'Cancelar',
  nameLabel: 'Nombre (opcional)',
  passwordHint: 'Por seguridad, escribe tu contraseña actual para añadir una llave de acceso.',
  passwordLabel: 'Contraseña Actual',
  passwordRequired: 'Escribe tu contraseña actual',
  continue: 'Continuar',
  waiting: 'Sigue las indicaciones de tu dispositivo...',
  addedNotice: 'Llave de acceso añadida. La próxima vez podrás entrar con ella.',
  loadError: 'No se pudieron cargar tus llaves de acceso.',
  addError: 'No se pudo añadir la llave de acceso. Inténtalo de nuevo.',
  removeError: 'No se pudo eliminar la llave de acceso.',
} as const;
