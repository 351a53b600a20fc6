import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import {
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  PRODUCT_CONDITIONS,
  TITLE_MAX_LENGTH,
} from '@unimercado/shared/constants';
import { productFormSchema, type Product } from '@unimercado/shared/schemas/products';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { NativeSelectField, TextField } from '@/components/form/text-field';
import { lazyPart } from '@/lib/lazy-part';
import { formatInteger } from '@/utils/format';
import { useLocationSuggestions } from '../api/get-location-suggestions';
import { PriceHint } from './price-hint';
import { PRODUCTS_TEXT } from '../messages';
import { ImagePicker, type PickedImage } from './image-picker';
import { MeetupSpotsField } from './meetup-spots-field';

type FormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

type Category = { id: number; name: string };

const valuesOf = (product?: Product) => ({
  title: product?.title ?? '',
  description: product?.description ?? '',
  price: product ? String(product.price) : '',
  location: product?.location ?? '',
  status: product?.status ?? '',
  categoryId: product ? String(product.categoryId) : '0',
  courseCodes: product?.courseCodes ?? [],
  // Only known from a product's detail: left undefined, an edit keeps the listing's spots.
  meetupSpotIds: product?.meetupSpots?.map((spot) => spot.id),
});

// The chip input (MUI Autocomplete) loads apart from the rest of the form.
const CourseCodesField = lazyPart(
  'course-codes-field',
  async () => (await import('./course-codes-field')).CourseCodesField,
);

/** Place names already used in listings, offered while typing (a native datalist: no JS cost). */
const LocationSuggestions = ({ id, text }: { id: string; text: string }) => {
  const [query, setQuery] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useLocationSuggestions(query);
  return (
    <datalist id={id}>
      {(suggestions.data ?? []).map((place) => (
        <option key={place} value={place} />
      ))}
    </datalist>
  );
};

/**
 * The product's fields and photos (spec sections 2 and 5), for publishing and for editing: title
 * (cut at 40 characters), description, price, location with suggestions, condition, category
 * (the placeholder 0 is not selectable) and up to 3 photos. The rules are the API's own schema.
 */
export const ProductForm = ({
  formId,
  product,
  categories,
  images,
  onImagesChange,
  disabled = false,
  onSubmit,
  footer,
}: {
  formId: string;
  product?: Product;
  categories: readonly Category[];
  images: readonly PickedImage[];
  onImagesChange: (images: PickedImage[]) => void;
  disabled?: boolean;
  onSubmit: (values: ProductFormValues) => void;
  footer?: ReactNode;
}) => {
  const ids = useId();
  const { control, handleSubmit } = useForm<FormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: valuesOf(product),
  });
  const location = useWatch({ control, name: 'location' });
  const title = useWatch({ control, name: 'title' });
  const categoryId = useWatch({ control, name: 'categoryId' });

  return (
    <Box
      component="form"
      id={formId}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-disabled={disabled}
    >
      <Grid container spacing={2.5}>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="title"
            label="Título"
            required
            disabled={disabled}
            placeholder="Ej.: Calculadora Casio fx-991"
            slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH } }}
            counter={(length) => `${length}/${TITLE_MAX_LENGTH}`}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="description"
            label="Descripción"
            required
            disabled={disabled}
            multiline
            minRows={4}
            placeholder="Estado, marca, qué incluye, por qué lo vendes..."
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
            counter={(length) =>
              PRODUCTS_TEXT.descriptionCount(
                formatInteger(length),
                formatInteger(DESCRIPTION_MAX_LENGTH),
                length >= DESCRIPTION_MAX_LENGTH,
              )
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="price"
            render={({ field, fieldState }) => (
              <TextField
                label="Precio"
                required
                disabled={disabled}
                name={field.name}
                inputRef={field.ref}
                value={
                  typeof field.value === 'string' || typeof field.value === 'number'
                    ? field.value
                    : ''
                }
                // Digits only: '850000', never '850.000' read as 850.
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'En pesos, sin puntos'}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: 9 },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
            )}
          />
          <PriceHint
            categoryId={Number(categoryId) || 0}
            title={typeof title === 'string' ? title : ''}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="location"
            label="Ubicación"
            required
            disabled={disabled}
            placeholder="Ej.: Biblioteca Central"
            helperText="Dónde entregas el producto en el campus"
            slotProps={{
              htmlInput: {
                maxLength: LOCATION_MAX_LENGTH,
                list: `${ids}-places`,
                autoComplete: 'off',
              },
            }}
          />
          <LocationSuggestions id={`${ids}-places`} text={String(location ?? '')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="status"
            label="Estado"
            required
            field={NativeSelectField}
            disabled={disabled}
          >
            <option value="" disabled>
              Selecciona el estado
            </option>
            {PRODUCT_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="categoryId"
            label="Categoría"
            required
            field={NativeSelectField}
            disabled={disabled}
          >
            {/* Spec section 5: the placeholder (value 0) is not selectable. */}
            <option value="0" disabled>
              Selecciona una categoría
            </option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="courseCodes"
            render={({ field, fieldState }) => (
              <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
                <CourseCodesField
                  value={Array.isArray(field.value) ? field.value : []}
                  onChange={field.onChange}
                  disabled={disabled}
                  error={fieldState.error?.message}
                />
              </Suspense>
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="meetupSpotIds"
            render={({ field }) => (
              <MeetupSpotsField
                value={field.value?.map(Number)}
                onChange={field.onChange}
                disabled={disabled}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <ImagePicker items={images} onChange={onImagesChange} disabled={disabled} />
        </Grid>
      </Grid>
      {footer && <Box sx={{ mt: 3 }}>{footer}</Box>}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        * Campos obligatorios
      </Typography>
    </Box>
  );
};
