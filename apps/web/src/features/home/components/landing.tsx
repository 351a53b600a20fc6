import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import StarOutlineIcon from '@mui/icons-material/StarOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

type Props = {
  appName: string;
  isAuthenticated: boolean;
  categories?: readonly { id: number; name: string }[];
  /** Beside the welcome on wide screens: a glimpse of real listings. */
  highlights?: ReactNode;
  /** Right after the welcome: the recent listings. */
  recent?: ReactNode;
};

const STEPS: readonly { title: string; text: string; icon: ReactElement }[] = [
  {
    title: 'Publica en minutos',
    text: 'Sube hasta 3 fotos, ponle precio y tu anuncio queda visible para toda la comunidad.',
    icon: <PhotoCameraOutlinedIcon />,
  },
  {
    title: 'Conversa y negocia',
    text: 'Chatea en tiempo real con compradores y vendedores y recibe ofertas de precio.',
    icon: <ChatOutlinedIcon />,
  },
  {
    title: 'Califica y confía',
    text: 'Después de cada compra, las reseñas ayudan a que todos compren con tranquilidad.',
    icon: <StarOutlineIcon />,
  },
];

/** Home (/): a welcoming landing for visitors and members. */
export const Landing = ({ appName, isAuthenticated, categories, highlights, recent }: Props) => (
  <>
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        background:
          'radial-gradient(1200px 500px at 85% -10%, rgba(3, 218, 198, 0.22), transparent 60%), linear-gradient(160deg, #4a00b4 0%, #6200ea 55%, #7c3aed 100%)',
        color: '#fff',
        pt: { xs: 5, md: 9 },
        pb: { xs: 6, md: 10 },
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Chip
              icon={<SchoolOutlinedIcon />}
              label="Hecho para tu comunidad universitaria"
              sx={{
                bgcolor: 'rgba(255,255,255,0.16)',
                color: '#fff',
                mb: 2.5,
                '& .MuiChip-icon': { color: '#fff' },
              }}
            />
            <Typography
              id="hero-title"
              variant="h1"
              sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', md: '3.25rem' }, mb: 2 }}
            >
              Bienvenido a {appName}
            </Typography>
            <Typography
              sx={{
                fontSize: { xs: '1.05rem', md: '1.2rem' },
                opacity: 0.92,
                mb: 4,
                maxWidth: 560,
              }}
            >
              Compra y vende libros, apuntes, electrónica, muebles y mucho más entre estudiantes.
              Dale una segunda vida a lo que ya no usas y encuentra lo que necesitas a buen precio,
              cerca de ti.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                component={RouterLink}
                to={paths.products}
                size="large"
                variant="contained"
                endIcon={<ArrowForwardIcon />}
                sx={{ bgcolor: '#fff', color: 'primary.main', '&:hover': { bgcolor: '#f1eaff' } }}
              >
                Explorar productos
              </Button>
              <Button
                component={RouterLink}
                to={isAuthenticated ? paths.createProduct : paths.register}
                size="large"
                variant="outlined"
                sx={{
                  color: '#fff',
                  borderColor: 'rgba(255,255,255,0.7)',
                  '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
                }}
              >
                {isAuthenticated ? 'Publicar' : 'Registrarse'}
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }} sx={{ display: { xs: 'none', sm: 'block' } }}>
            {highlights}
          </Grid>
        </Grid>
      </Container>
    </Box>

    {recent && (
      <Container maxWidth="lg" sx={{ pt: { xs: 5, md: 8 } }}>
        {recent}
      </Container>
    )}

    <Container
      component="section"
      aria-labelledby="how-title"
      maxWidth="lg"
      sx={{ py: { xs: 6, md: 9 } }}
    >
      <Typography id="how-title" variant="h2" sx={{ textAlign: 'center', mb: 1 }}>
        Así de fácil
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
        Todo queda entre personas de tu universidad.
      </Typography>
      <Grid container spacing={3}>
        {STEPS.map((step) => (
          <Grid key={step.title} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={{
                    width: 52,
                    height: 52,
                    borderRadius: 3,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(3, 218, 198, 0.16)',
                    color: '#00796b',
                    mb: 2,
                  }}
                >
                  {step.icon}
                </Box>
                <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>

      {categories && categories.length > 0 && (
        <Box
          component="section"
          aria-labelledby="categories-title"
          sx={{ mt: { xs: 6, md: 8 }, textAlign: 'center' }}
        >
          <Typography id="categories-title" variant="h3" component="h2" sx={{ mb: 3 }}>
            Explora por categoría
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25, justifyContent: 'center' }}>
            {categories.map((category) => (
              <Chip
                key={category.id}
                label={category.name}
                component={RouterLink}
                to={`${paths.search}?categoryId=${category.id}`}
                clickable
                variant="outlined"
                color="primary"
                sx={{ height: 44, px: 1, borderRadius: 22, fontSize: '0.95rem' }}
              />
            ))}
          </Box>
        </Box>
      )}
    </Container>
  </>
);
