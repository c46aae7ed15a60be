import { notYetAvailable } from './not-yet.js';

export default notYetAvailable('operator');
