import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import {
  PRODUCT_CONDITION_FILTERS,
  type ProductConditionFilter,
} from '@unimercado/shared/constants';
import { NativeSelectField, TextField } from '@/components/form/text-field';
import { CONDITION_LABELS, PRODUCTS_TEXT } from '../messages';
import type { PriceFilterError, SearchFilters } from '../utils/search-filters';

/** A price limit: digits typed freely, '$' in front. */
const PriceFilter = ({
  name,
  label,
  value,
  error,
  onText,
}: {
  name: string;
  label: string;
  value: string;
  /** The API's message about this limit. */
  error: string | undefined;
  onText: (value: string) => void;
}) => (
  <Grid size={{ xs: 6, md: 2 }}>
    <TextField
      name={name}
      label={label}
      value={value}
      error={error !== undefined}
      helperText={error}
      onChange={(event) => onText(event.target.value)}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 12 },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  </Grid>
);

export type FilterTexts = {
  minPrice: string;
  maxPrice: string;
  location: string;
  course: string;
};

/**
 * The search's collapsible filters (spec section 2, Search): category, prices, condition and
 * place. Loaded when first opened or when a shared URL already filters (issue 7's JS budget).
 */
export const SearchFilterFields = ({
  id,
  isOpen,
  appear,
  filters,
  categories,
  text,
  priceError,
  onText,
  onCommit,
}: {
  id: string;
  isOpen: boolean;
  /** Slide open on mount: it was opened by the person, not by the URL. */
  appear: boolean;
  filters: SearchFilters;
  categories: readonly { id: number; name: string }[];
  text: FilterTexts;
  priceError: PriceFilterError | null;
  onText: (field: keyof FilterTexts, value: string) => void;
  /** A select's choice, on top of the newest filters asked for (with what is typed). */
  onCommit: (change: Partial<SearchFilters>) => void;
}) => (
  <Collapse in={isOpen} appear={appear} id={id}>
    <Grid container spacing={2} sx={{ pt: 2.5 }}>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <NativeSelectField
          label="Categoría"
          value={filters.categoryId ?? ''}
          onChange={(event) =>
            onCommit({
              categoryId: event.target.value ? Number(event.target.value) : null,
              page: 1,
            })
          }
        >
          <option value="">{PRODUCTS_TEXT.allCategories}</option>
          {categories.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </NativeSelectField>
      </Grid>
      <PriceFilter
        name="minPrice"
        label="Precio mínimo"
        value={text.minPrice}
        error={priceError?.field === 'minPrice' ? priceError.message : undefined}
        onText={(v) => onText('minPrice', v)}
      />
      <PriceFilter
        name="maxPrice"
        label="Precio máximo"
        value={text.maxPrice}
        error={priceError?.field === 'maxPrice' ? priceError.message : undefined}
        onText={(v) => onText('maxPrice', v)}
      />
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <NativeSelectField
          label="Estado"
          value={filters.status ?? ''}
          onChange={(event) =>
            onCommit({
              status: (event.target.value || null) as ProductConditionFilter | null,
              page: 1,
            })
          }
        >
          <option value="">{PRODUCTS_TEXT.allConditions}</option>
          {PRODUCT_CONDITION_FILTERS.map((value) => (
            <option key={value} value={value}>
              {CONDITION_LABELS[value]}
            </option>
          ))}
        </NativeSelectField>
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField
          name="location"
          label="Ubicación"
          value={text.location}
          onChange={(event) => onText('location', event.target.value)}
          placeholder="Biblioteca, bloque, portería..."
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          name="course"
          label={PRODUCTS_TEXT.courseFilterLabel}
          value={text.course}
          onChange={(event) => onText('course', event.target.value)}
          placeholder="MAT101"
          slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters' } }}
        />
      </Grid>
    </Grid>
  </Collapse>
);
