/**
 * The texts of 'Guardar búsqueda' on /search, apart from SAVED_SEARCHES_TEXT: the public search page
 * loads only these, not the whole of Mis búsquedas' texts (JS budget, decision 051).
 */
export const SAVE_SEARCH_TEXT = {
  save: 'Guardar búsqueda',
  saving: 'Guardando...',
  saved: 'Búsqueda guardada. La encuentras en Mis búsquedas.',
  saveError: 'No se pudo guardar la búsqueda',
};
