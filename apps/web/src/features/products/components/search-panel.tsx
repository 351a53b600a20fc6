import Badge from '@mui/material/Badge';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { ChipProps } from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { ChangeEvent } from 'react';
import {
  Suspense,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { TextField } from '@/components/form/text-field';
import { lazyPart } from '@/lib/lazy-part';
import { formatPrice } from '@/utils/format';
import { CONDITION_LABELS, PRODUCTS_TEXT } from '../messages';
import { ProductSortSelect } from './sort-select';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  parsePriceInput,
  type PriceFilterError,
  type SearchFilters,
} from '../utils/search-filters';

type Category = { id: number; name: string };

// The active filters' chips show when the URL filters: MUI's Chip follows the first render.
const Chip = lazyPart<ChipProps>(
  'mui-chip',
  async () => (await import('@mui/material/Chip')).default,
);

const loadFilterFields = () => import('./search-filter-fields');
const SearchFilterFields = lazyPart(
  'search-filter-fields',
  async () => (await loadFilterFields()).SearchFilterFields,
);
/** On hover or focus of 'Filtros': the fields are there when it opens. */
const preloadFilterFields = () => void loadFilterFields();

/** The filters' height while their code loads (open at first render: the URL filters). */
const FILTERS_HEIGHT = { xs: 364, sm: 220, md: 148 };

const textOf = (filters: SearchFilters) => ({
  search: filters.search,
  minPrice: filters.minPrice === null ? '' : String(filters.minPrice),
  maxPrice: filters.maxPrice === null ? '' : String(filters.maxPrice),
  location: filters.location,
  course: filters.course,
});

/**
 * A change of the search: the filters, or how to make them from the newest ones asked for. The
 * router shows a new URL as a transition (it may wait for the results), so a change made before
 * it shows (a typing pause right after a select) builds on it, not on the filters still shown.
 */
export type SearchChange = (
  next: SearchFilters | ((latest: SearchFilters) => SearchFilters),
  options?: { replace?: boolean },
) => void;

/** What a text box commits, after a pause in typing (or at once on Enter). */
const TYPING_PAUSE_MS = 400;

/**
 * The search form (spec section 2, Search): free text 'Buscar', collapsible filters (category,
 * prices, condition, place), the sort, the active filters as chips with a count badge, and
 * 'Limpiar'. Every change goes to `onChange` (the page keeps it in the URL).
 */
export const SearchPanel = ({
  filters,
  categories,
  priceError = null,
  onChange,
}: {
  filters: SearchFilters;
  categories: readonly Category[];
  /** The API refused the prices: its message shows beside them. */
  priceError?: PriceFilterError | null;
  /** `replace`: a typing pause, not a step worth a history entry. */
  onChange: SearchChange;
}) => {
  const ids = useId();
  const activeCount = countActiveFilters(filters);
  const [isOpen, setIsOpen] = useState(activeCount > 0);
  const [openedAtFirst] = useState(isOpen);
  // The fields mount once wanted (open, or about to be), so their first opening still slides.
  const [fieldsWanted, setFieldsWanted] = useState(isOpen);
  const wantFields = () => {
    preloadFilterFields();
    setFieldsWanted(true);
  };
  const [text, setText] = useState(() => textOf(filters));
  const searchInput = useRef<HTMLInputElement>(null);

  // The URL changed (back button, a chip, the header's search): each box whose value it changed
  // shows it; the others keep what the person is typing, which the pause then commits on top of
  // the new URL (issue 18: a filter chosen mid-typing no longer drops the text). A value the boxes
  // themselves sent is an echo, not a change: the router may show it late (it waits for the
  // results), after the person typed on, and the typing must stay (a letter was lost so).
  const sent = useRef(filters);
  const shownFilters = useRef(filters);
  useEffect(() => {
    const before = textOf(shownFilters.current);
    shownFilters.current = filters;
    const now = textOf(filters);
    const echo = textOf(sent.current);
    const shown = (field: keyof typeof now, current: string) =>
      now[field] !== before[field] && now[field] !== echo[field] ? now[field] : current;
    setText((current) => ({
      search: shown('search', current.search),
      minPrice: shown('minPrice', current.minPrice),
      maxPrice: shown('maxPrice', current.maxPrice),
      location: shown('location', current.location),
      course: shown('course', current.course),
    }));
  }, [filters]);

  const fromText = (values: typeof text, base: SearchFilters = filters): SearchFilters => ({
    ...base,
    search: values.search.trim(),
    minPrice: parsePriceInput(values.minPrice),
    maxPrice: parsePriceInput(values.maxPrice),
    location: values.location.trim(),
    course: values.course.trim().toUpperCase(),
    page: 1,
  });

  const commit = (update: (latest: SearchFilters) => SearchFilters, fromTyping = false) =>
    onChange(update, { replace: fromTyping });

  /** What is typed so far, with `change`, on top of the newest filters asked for. */
  const commitText = (change: Partial<SearchFilters> = {}, fromTyping = false) =>
    commit((latest) => {
      const next = fromText(text, { ...latest, ...change });
      sent.current = next;
      return next;
    }, fromTyping);

  const isTextDifferent = (values: typeof text) => {
    const next = fromText(values);
    return (
      next.search !== filters.search ||
      next.minPrice !== filters.minPrice ||
      next.maxPrice !== filters.maxPrice ||
      next.location !== filters.location ||
      next.course !== filters.course
    );
  };

  // A pause in typing searches (replacing the history entry, so back does not replay keystrokes),
  // with the filters as they are when the pause ends.
  const commitTyped = useEffectEvent(() => {
    if (isTextDifferent(text)) commitText({}, true);
  });
  useEffect(() => {
    const timer = setTimeout(commitTyped, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isTextDifferent(text)) commitText();
  };

  /** A select or a chip: what is typed so far goes with it. */
  const commitWithText = (change: Partial<SearchFilters>) => commitText(change);

  const setField = (field: keyof typeof text) => (value: string) =>
    setText((current) => ({ ...current, [field]: value }));
  const onSearchText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setField('search')(event.target.value);

  const chips: { key: string; label: string; clear: Partial<SearchFilters> }[] = [];
  const category = categories.find((item) => item.id === filters.categoryId);
  if (filters.categoryId !== null) {
    chips.push({
      key: 'category',
      label: category?.name ?? 'Categoría',
      clear: { categoryId: null },
    });
  }
  if (filters.minPrice !== null) {
    chips.push({
      key: 'min',
      label: `Min: ${formatPrice(filters.minPrice)}`,
      clear: { minPrice: null },
    });
  }
  if (filters.maxPrice !== null) {
    chips.push({
      key: 'max',
      label: `Max: ${formatPrice(filters.maxPrice)}`,
      clear: { maxPrice: null },
    });
  }
  if (filters.status) {
    chips.push({ key: 'status', label: CONDITION_LABELS[filters.status], clear: { status: null } });
  }
  if (filters.location) {
    chips.push({ key: 'location', label: filters.location, clear: { location: '' } });
  }
  if (filters.course) {
    chips.push({
      key: 'course',
      label: PRODUCTS_TEXT.courseFilter(filters.course),
      clear: { course: '' },
    });
  }

  const hasAnything = activeCount > 0 || filters.search !== '' || filters.sort !== null;

  return (
    <Card component="section" aria-label="Búsqueda y filtros" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1.5 }}>
          <TextField
            label={PRODUCTS_TEXT.searchLabel}
            // Named: what is typed into the server's page before the app loads is carried over.
            name="search"
            type="search"
            value={text.search}
            inputRef={searchInput}
            onChange={onSearchText}
            placeholder="Libros, calculadora, bicicleta..."
            // One clear button, ours: the browser draws its own on a search field (issue 18).
            sx={{ '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none' } }}
            slotProps={{
              htmlInput: { maxLength: 100, enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
                endAdornment: text.search ? (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label="Borrar texto"
                      onClick={() => {
                        setField('search')('');
                        // The person goes on typing where they were.
                        searchInput.current?.focus();
                      }}
                      edge="end"
                    >
                      <CloseIcon />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
          <Badge
            badgeContent={activeCount}
            color="primary"
            invisible={activeCount === 0}
            sx={{ flexShrink: 0 }}
          >
            <Button
              variant={isOpen ? 'contained' : 'outlined'}
              onClick={() => {
                wantFields();
                setIsOpen((open) => !open);
              }}
              onMouseEnter={wantFields}
              onFocus={wantFields}
              aria-expanded={isOpen}
              aria-controls={`${ids}-filters`}
              startIcon={<TuneIcon />}
              sx={{ height: 56, whiteSpace: 'nowrap' }}
            >
              {PRODUCTS_TEXT.filters}
            </Button>
          </Badge>
        </Box>

        {fieldsWanted ? (
          <Suspense fallback={isOpen ? <Box sx={{ height: FILTERS_HEIGHT }} /> : null}>
            <SearchFilterFields
              id={`${ids}-filters`}
              isOpen={isOpen}
              appear={!openedAtFirst}
              filters={filters}
              categories={categories}
              text={text}
              priceError={priceError}
              onText={(field, value) => setField(field)(value)}
              onCommit={commitWithText}
            />
          </Suspense>
        ) : (
          <div id={`${ids}-filters`} hidden />
        )}

        {hasAnything && (
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              mt: 2,
              // The chips' height while their code loads.
              minHeight: chips.length > 0 ? 36 : undefined,
            }}
            aria-label="Filtros activos"
            role="group"
          >
            <Suspense fallback={null}>
              {chips.map((chip) => (
                <Chip
                  key={chip.key}
                  label={chip.label}
                  onClick={() => commit((latest) => ({ ...latest, ...chip.clear, page: 1 }))}
                  onDelete={() => commit((latest) => ({ ...latest, ...chip.clear, page: 1 }))}
                  aria-label={`Quitar filtro ${chip.label}`}
                  color="primary"
                  variant="outlined"
                  sx={{ height: 36 }}
                />
              ))}
            </Suspense>
            <Button
              size="small"
              onClick={() => {
                setText(textOf(EMPTY_FILTERS));
                commit(() => EMPTY_FILTERS);
              }}
              sx={{ ml: 'auto' }}
            >
              {PRODUCTS_TEXT.clear}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

/** The order of the results; 'Más relevantes' only makes sense with a search text. */
export const SortSelect = ({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: SearchChange;
}) => (
  <ProductSortSelect
    value={filters.sort}
    hasSearch={filters.search !== ''}
    onChange={(sort) => onChange((latest) => ({ ...latest, sort, page: 1 }))}
  />
);
