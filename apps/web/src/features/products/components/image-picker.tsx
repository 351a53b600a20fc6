import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_IMAGES } from '@unimercado/shared/constants';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { formatFileSize } from '@/utils/format';
import { PRODUCTS_TEXT } from '../messages';
import {
  ACCEPT_ATTRIBUTE,
  checkImageFiles,
  moveItem,
  type ImageFileProblem,
} from '../utils/image-files';

/** A photo of the form: one the product already has, or a file picked on this device. */
export type PickedImage =
  | { id: string; kind: 'existing'; url: string; previewUrl: string }
  | { id: string; kind: 'new'; file: File; previewUrl: string };

let nextId = 0;
export const pickedFromFile = (file: File): PickedImage => ({
  id: `new-${(nextId += 1)}`,
  kind: 'new',
  file,
  previewUrl: URL.createObjectURL(file),
});

/** Help shown with the 1 MB message (spec section 5). */
export const CompressionTips = () => (
  <Alert severity="info" sx={{ '& ul': { m: 0, pl: 2.5 } }}>
    <AlertTitle>{PRODUCTS_TEXT.uploadTips}</AlertTitle>
    <ul>
      <li>
        Abre la foto en una web gratuita como squoosh.app o tinypng.com y descárgala comprimida.
      </li>
      <li>En el celular, usa la opción de editar o recortar y guarda una copia más pequeña.</li>
      <li>
        Toma la foto con una resolución menor (por ejemplo 8 MP) en la configuración de la cámara.
      </li>
      <li>Envíate la foto por WhatsApp y guarda la que recibes: llega comprimida.</li>
    </ul>
  </Alert>
);

/**
 * Picks up to 3 photos of at most 1 MB (spec section 5) with previews: remove, reorder and choose
 * the cover (the first one). Messages: 'Máximo 3 imágenes permitidas.' and the 1 MB one, with the
 * compression tips.
 */
export const ImagePicker = ({
  items,
  onChange,
  disabled = false,
}: {
  items: readonly PickedImage[];
  onChange: (items: PickedImage[]) => void;
  disabled?: boolean;
}) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [problems, setProblems] = useState<ImageFileProblem[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const isFull = items.length >= MAX_IMAGES;

  // Previews of picked files are object URLs: free them when they leave the form.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  useEffect(
    () => () => {
      for (const item of itemsRef.current)
        if (item.kind === 'new') URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  // The files' first bytes are read before they join (a text file renamed .jpg is said here).
  const add = async (files: readonly File[]) => {
    const { accepted, problems: found } = await checkImageFiles(files, itemsRef.current.length);
    setProblems(found);
    if (accepted.length > 0) onChange([...itemsRef.current, ...accepted.map(pickedFromFile)]);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item?.kind === 'new') URL.revokeObjectURL(item.previewUrl);
    setProblems([]);
    onChange(items.filter((_, position) => position !== index));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) void add([...event.dataTransfer.files]);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-labelledby={labelId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={labelId} component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Fotos
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {items.length}/{MAX_IMAGES} · máximo 1 MB cada una
        </Typography>
      </Box>

      {items.length > 0 && (
        <Stack component="ol" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
          {items.map((item, index) => {
            const name = item.kind === 'new' ? item.file.name : `Foto ${index + 1}`;
            return (
              <Box
                component="li"
                key={item.id}
                sx={{
                  display: 'flex',
                  // On a phone the buttons go under the photo and its name, so the name and the
                  // 'Portada' chip keep their room and every button shows (issue 18).
                  flexWrap: { xs: 'wrap', sm: 'nowrap' },
                  alignItems: 'center',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  p: 1,
                  border: '1px solid',
                  borderColor: index === 0 ? 'primary.main' : 'divider',
                  borderRadius: '12px',
                  bgcolor: index === 0 ? 'rgba(98, 0, 234, 0.04)' : 'background.paper',
                }}
              >
                <Box
                  component="img"
                  src={item.previewUrl}
                  alt={`Vista previa de ${name}`}
                  sx={{
                    width: 88,
                    height: 66,
                    objectFit: 'cover',
                    borderRadius: '8px',
                    flexShrink: 0,
                  }}
                />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography
                    variant="body2"
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {name}
                  </Typography>
                  {index === 0 ? (
                    <Chip label="Portada" size="small" color="primary" sx={{ mt: 0.5 }} />
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {item.kind === 'new' ? formatFileSize(item.file.size) : 'Foto publicada'}
                    </Typography>
                  )}
                </Box>
                <Box
                  sx={{
                    display: 'flex',
                    justifyContent: 'flex-end',
                    width: { xs: '100%', sm: 'auto' },
                  }}
                >
                  <Tooltip title="Usar como portada">
                    <span>
                      <IconButton
                        aria-label={`Usar ${name} como portada`}
                        onClick={() => onChange(moveItem(items, index, 0))}
                        disabled={disabled || index === 0}
                        color="primary"
                      >
                        {index === 0 ? <StarIcon /> : <StarBorderIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <IconButton
                    aria-label={`Subir ${name}`}
                    onClick={() => onChange(moveItem(items, index, index - 1))}
                    disabled={disabled || index === 0}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Bajar ${name}`}
                    onClick={() => onChange(moveItem(items, index, index + 1))}
                    disabled={disabled || index === items.length - 1}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Quitar ${name}`}
                    onClick={() => remove(index)}
                    disabled={disabled}
                    color="error"
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}

      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled && !isFull) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '2px dashed',
          borderColor: isDragging ? 'primary.main' : 'rgba(98, 0, 234, 0.3)',
          borderRadius: '12px',
          p: 2,
          textAlign: 'center',
          bgcolor: isDragging ? 'rgba(98, 0, 234, 0.06)' : 'transparent',
        }}
      >
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || isFull}
        >
          {items.length === 0 ? 'Agregar fotos' : 'Agregar otra foto'}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          JPEG, PNG o WebP. La primera foto es la portada.
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          multiple
          hidden
          data-testid="product-photos-input"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            // The same file can be picked again after removing it.
            event.target.value = '';
          }}
        />
      </Box>

      {problems.length > 0 && (
        <Stack spacing={1.5} sx={{ mt: 1.5 }} role="alert">
          <Alert severity="error" onClose={() => setProblems([])}>
            {problems.map((problem) => (
              <Box key={problem.message}>{problem.message}</Box>
            ))}
          </Alert>
          {problems.some((problem) => problem.isTooLarge) && <CompressionTips />}
        </Stack>
      )}
    </Box>
  );
};
