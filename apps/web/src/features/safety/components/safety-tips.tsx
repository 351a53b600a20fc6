import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SAFETY_TEXTS } from '../messages';
import { SAFETY_TIPS_TEXTS } from '../tips-messages';

/** The 'Consejos de seguridad' page's content: a short list anyone can read. */
export const SafetyTips = () => (
  <Box sx={{ maxWidth: 720, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
    <Typography variant="h4" component="h1" gutterBottom>
      {SAFETY_TEXTS.tipsTitle}
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      {SAFETY_TIPS_TEXTS.intro}
    </Typography>
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {SAFETY_TIPS_TEXTS.tips.map((tip, index) => (
        <Paper component="li" key={tip.title} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {index + 1}. {tip.title}
          </Typography>
          <Typography>{tip.body}</Typography>
        </Paper>
      ))}
    </Box>
  </Box>
);
