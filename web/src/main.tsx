document.getElementById('root')!.textContent = 'Billpoint';
